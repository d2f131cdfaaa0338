func.func @f(%c0: i1, %c1: i1, %c2: i1, %c3: i1, %c4: i1, %c5: i1, %c6: i1, %c7: i1, %c8: i1, %c9: i1, %c10: i1, %c11: i1, %c12: i1, %c13: i1, %c14: i1, %c15: i1, %c16: i1, %c17: i1, %c18: i1, %c19: i1, %c20: i1, %c21: i1, %c22: i1, %c23: i1, %c24: i1, %c25: i1, %c26: i1, %c27: i1, %c28: i1, %c29: i1, %c30: i1, %c31: i1, %c32: i1, %c33: i1, %c34: i1, %c35: i1, %c36: i1, %c37: i1, %c38: i1, %c39: i1, %c40: i1, %c41: i1, %c42: i1, %c43: i1, %c44: i1, %c45: i1, %c46: i1, %c47: i1, %c48: i1, %c49: i1, %c50: i1, %c51: i1, %c52: i1, %c53: i1, %c54: i1, %c55: i1, %c56: i1, %c57: i1, %c58: i1, %c59: i1, %c60: i1, %c61: i1, %c62: i1, %c63: i1, %c64: i1, %c65: i1, %c66: i1, %c67: i1, %c68: i1, %c69: i1, %c70: i1, %c71: i1, %c72: i1, %c73: i1, %c74: i1, %c75: i1, %c76: i1, %c77: i1, %c78: i1, %c79: i1, %c80: i1, %c81: i1, %c82: i1, %c83: i1, %c84: i1, %c85: i1, %c86: i1, %c87: i1, %c88: i1, %c89: i1, %c90: i1, %c91: i1, %c92: i1, %c93: i1, %c94: i1, %c95: i1, %c96: i1, %c97: i1, %c98: i1, %c99: i1, %c100: i1, %c101: i1, %c102: i1, %c103: i1, %c104: i1, %c105: i1, %c106: i1, %c107: i1, %c108: i1, %c109: i1, %c110: i1, %c111: i1, %c112: i1, %c113: i1, %c114: i1, %c115: i1, %c116: i1, %c117: i1, %c118: i1, %c119: i1, %c120: i1, %c121: i1, %c122: i1, %c123: i1, %c124: i1, %c125: i1, %c126: i1, %c127: i1, %c128: i1, %c129: i1, %c130: i1, %c131: i1, %c132: i1, %c133: i1, %c134: i1, %c135: i1, %c136: i1, %c137: i1, %c138: i1, %c139: i1, %c140: i1, %c141: i1, %c142: i1, %c143: i1, %c144: i1, %c145: i1, %c146: i1, %c147: i1, %c148: i1, %c149: i1, %c150: i1, %c151: i1, %c152: i1, %c153: i1, %c154: i1, %c155: i1, %c156: i1, %c157: i1, %c158: i1, %c159: i1, %c160: i1, %c161: i1, %c162: i1, %c163: i1, %c164: i1, %c165: i1, %c166: i1, %c167: i1, %c168: i1, %c169: i1, %c170: i1, %c171: i1, %c172: i1, %c173: i1, %c174: i1, %c175: i1, %c176: i1, %c177: i1, %c178: i1, %c179: i1, %c180: i1, %c181: i1, %c182: i1, %c183: i1, %c184: i1, %c185: i1, %c186: i1, %c187: i1, %c188: i1, %c189: i1, %c190: i1, %c191: i1, %c192: i1, %c193: i1, %c194: i1, %c195: i1, %c196: i1, %c197: i1, %c198: i1, %c199: i1, %c200: i1, %c201: i1, %c202: i1, %c203: i1, %c204: i1, %c205: i1, %c206: i1, %c207: i1, %c208: i1, %c209: i1, %c210: i1, %c211: i1, %c212: i1, %c213: i1, %c214: i1, %c215: i1, %c216: i1, %c217: i1, %c218: i1, %c219: i1, %c220: i1, %c221: i1, %c222: i1, %c223: i1, %c224: i1, %c225: i1, %c226: i1, %c227: i1, %c228: i1, %c229: i1, %c230: i1, %c231: i1, %c232: i1, %c233: i1, %c234: i1, %c235: i1, %c236: i1, %c237: i1, %c238: i1, %c239: i1, %c240: i1, %c241: i1, %c242: i1, %c243: i1, %c244: i1, %c245: i1, %c246: i1, %c247: i1, %c248: i1, %c249: i1, %c250: i1, %c251: i1, %c252: i1, %c253: i1, %c254: i1, %c255: i1, %c256: i1, %c257: i1, %c258: i1, %c259: i1, %c260: i1, %c261: i1, %c262: i1, %c263: i1, %c264: i1, %c265: i1, %c266: i1, %c267: i1, %c268: i1, %c269: i1, %c270: i1, %c271: i1, %c272: i1, %c273: i1, %c274: i1, %c275: i1, %c276: i1, %c277: i1, %c278: i1, %c279: i1, %c280: i1, %c281: i1, %c282: i1, %c283: i1, %c284: i1, %c285: i1, %c286: i1, %c287: i1, %c288: i1, %c289: i1, %c290: i1, %c291: i1, %c292: i1, %c293: i1, %c294: i1, %c295: i1, %c296: i1, %c297: i1, %c298: i1, %c299: i1, %c300: i1, %c301: i1, %c302: i1, %c303: i1, %c304: i1, %c305: i1, %c306: i1, %c307: i1, %c308: i1, %c309: i1, %c310: i1, %c311: i1, %c312: i1, %c313: i1, %c314: i1, %c315: i1, %c316: i1, %c317: i1, %c318: i1, %c319: i1, %c320: i1, %c321: i1, %c322: i1, %c323: i1, %c324: i1, %c325: i1, %c326: i1, %c327: i1, %c328: i1, %c329: i1, %c330: i1, %c331: i1, %c332: i1, %c333: i1, %c334: i1, %c335: i1, %c336: i1, %c337: i1, %c338: i1, %c339: i1, %c340: i1, %c341: i1, %c342: i1, %c343: i1, %c344: i1, %c345: i1, %c346: i1, %c347: i1, %c348: i1, %c349: i1, %c350: i1, %c351: i1, %c352: i1, %c353: i1, %c354: i1, %c355: i1, %c356: i1, %c357: i1, %c358: i1, %c359: i1, %c360: i1, %c361: i1, %c362: i1, %c363: i1, %c364: i1, %c365: i1, %c366: i1, %c367: i1, %c368: i1, %c369: i1, %c370: i1, %c371: i1, %c372: i1, %c373: i1, %c374: i1, %c375: i1, %c376: i1, %c377: i1, %c378: i1, %c379: i1, %c380: i1, %c381: i1, %c382: i1, %c383: i1, %c384: i1, %c385: i1, %c386: i1, %c387: i1, %c388: i1, %c389: i1, %c390: i1, %c391: i1, %c392: i1, %c393: i1, %c394: i1, %c395: i1, %c396: i1, %c397: i1, %c398: i1, %c399: i1) {
  %a0 = memref.alloc() : memref<4xf32>
  cf.br ^b0
^b0:
  scf.if %c189 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c0, ^b192, ^b64
^b1:
  scf.if %c360 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c1, ^b22, ^b43
^b2:
  scf.if %c126 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c2, ^b259, ^b107
^b3:
  scf.if %c328 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c3, ^b15, ^b235
^b4:
  scf.if %c232 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c4, ^b199, ^b253
^b5:
  scf.if %c206 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c5, ^b45, ^b248
^b6:
  scf.if %c388 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c6, ^b10, ^b358
^b7:
  scf.if %c266 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c7, ^b208, ^b242
^b8:
  scf.if %c371 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c8, ^b58, ^b339
^b9:
  scf.if %c49 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c9, ^b32, ^b197
^b10:
  scf.if %c55 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c10, ^b338, ^b29
^b11:
  scf.if %c120 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c11, ^b353, ^b44
^b12:
  scf.if %c332 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c12, ^b264, ^b106
^b13:
  scf.if %c310 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c13, ^b32, ^b276
^b14:
  scf.if %c250 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c14, ^b359, ^b99
^b15:
  scf.if %c296 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c15, ^b233, ^b373
^b16:
  scf.if %c146 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c16, ^b285, ^b182
^b17:
  scf.if %c69 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c17, ^b81, ^b391
^b18:
  scf.if %c272 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c18, ^b353, ^b160
^b19:
  scf.if %c329 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c19, ^b253, ^b257
^b20:
  scf.if %c158 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c20, ^b76, ^b182
^b21:
  scf.if %c261 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c21, ^b336, ^b36
^b22:
  scf.if %c176 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c22, ^b124, ^b6
^b23:
  scf.if %c175 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c23, ^b112, ^b136
^b24:
  scf.if %c216 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c24, ^b130, ^b192
^b25:
  scf.if %c361 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c25, ^b213, ^b89
^b26:
  scf.if %c59 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c26, ^b85, ^b339
^b27:
  scf.if %c103 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c27, ^b392, ^b82
^b28:
  scf.if %c59 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c28, ^b6, ^b391
^b29:
  scf.if %c175 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c29, ^b87, ^b291
^b30:
  scf.if %c118 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c30, ^b71, ^b209
^b31:
  scf.if %c208 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c31, ^b213, ^b41
^b32:
  scf.if %c147 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c32, ^b367, ^b48
^b33:
  scf.if %c43 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c33, ^b339, ^b54
^b34:
  scf.if %c78 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c34, ^b258, ^b249
^b35:
  scf.if %c309 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c35, ^b32, ^b97
^b36:
  scf.if %c71 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c36, ^b174, ^b197
^b37:
  scf.if %c380 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c37, ^b153, ^b179
^b38:
  scf.if %c187 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c38, ^b1, ^b330
^b39:
  scf.if %c107 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c39, ^b31, ^b316
^b40:
  scf.if %c388 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c40, ^b296, ^b88
^b41:
  scf.if %c172 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c41, ^b220, ^b226
^b42:
  scf.if %c42 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c42, ^b102, ^b309
^b43:
  scf.if %c254 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c43, ^b242, ^b79
^b44:
  scf.if %c62 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c44, ^b55, ^b297
^b45:
  scf.if %c331 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c45, ^b64, ^b368
^b46:
  scf.if %c263 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c46, ^b371, ^b46
^b47:
  scf.if %c288 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c47, ^b201, ^b184
^b48:
  scf.if %c115 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c48, ^b26, ^b101
^b49:
  scf.if %c228 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c49, ^b57, ^b55
^b50:
  scf.if %c371 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c50, ^b2, ^b362
^b51:
  scf.if %c335 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c51, ^b186, ^b221
^b52:
  scf.if %c383 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c52, ^b386, ^b307
^b53:
  scf.if %c256 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c53, ^b117, ^b165
^b54:
  scf.if %c380 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c54, ^b266, ^b331
^b55:
  scf.if %c3 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c55, ^b148, ^b313
^b56:
  scf.if %c40 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c56, ^b380, ^b164
^b57:
  scf.if %c114 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c57, ^b323, ^b151
^b58:
  scf.if %c280 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c58, ^b214, ^b381
^b59:
  scf.if %c379 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c59, ^b164, ^b264
^b60:
  scf.if %c320 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c60, ^b182, ^b151
^b61:
  scf.if %c100 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c61, ^b248, ^b189
^b62:
  scf.if %c299 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c62, ^b159, ^b105
^b63:
  scf.if %c203 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c63, ^b313, ^b196
^b64:
  scf.if %c346 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c64, ^b309, ^b299
^b65:
  scf.if %c344 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c65, ^b218, ^b100
^b66:
  scf.if %c270 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c66, ^b259, ^b41
^b67:
  scf.if %c83 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c67, ^b35, ^b255
^b68:
  scf.if %c214 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c68, ^b399, ^b59
^b69:
  scf.if %c149 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c69, ^b140, ^b258
^b70:
  scf.if %c141 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c70, ^b323, ^b210
^b71:
  scf.if %c185 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c71, ^b125, ^b126
^b72:
  scf.if %c127 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c72, ^b119, ^b305
^b73:
  scf.if %c188 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c73, ^b254, ^b399
^b74:
  scf.if %c57 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c74, ^b198, ^b43
^b75:
  scf.if %c399 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c75, ^b290, ^b218
^b76:
  scf.if %c70 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c76, ^b11, ^b312
^b77:
  scf.if %c350 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c77, ^b135, ^b44
^b78:
  scf.if %c236 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c78, ^b235, ^b342
^b79:
  scf.if %c289 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c79, ^b47, ^b64
^b80:
  scf.if %c334 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c80, ^b33, ^b163
^b81:
  scf.if %c42 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c81, ^b70, ^b334
^b82:
  scf.if %c38 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c82, ^b118, ^b371
^b83:
  scf.if %c307 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c83, ^b163, ^b113
^b84:
  scf.if %c380 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c84, ^b183, ^b167
^b85:
  scf.if %c266 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c85, ^b58, ^b369
^b86:
  scf.if %c222 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c86, ^b81, ^b80
^b87:
  scf.if %c199 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c87, ^b76, ^b220
^b88:
  scf.if %c51 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c88, ^b273, ^b113
^b89:
  scf.if %c150 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c89, ^b90, ^b172
^b90:
  scf.if %c55 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c90, ^b26, ^b29
^b91:
  scf.if %c87 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c91, ^b286, ^b327
^b92:
  scf.if %c151 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c92, ^b124, ^b376
^b93:
  scf.if %c56 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c93, ^b288, ^b367
^b94:
  scf.if %c70 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c94, ^b383, ^b67
^b95:
  scf.if %c167 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c95, ^b111, ^b208
^b96:
  scf.if %c86 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c96, ^b69, ^b390
^b97:
  scf.if %c31 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c97, ^b355, ^b229
^b98:
  scf.if %c212 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c98, ^b223, ^b296
^b99:
  scf.if %c354 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c99, ^b288, ^b363
^b100:
  scf.if %c187 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c100, ^b376, ^b399
^b101:
  scf.if %c158 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c101, ^b136, ^b348
^b102:
  scf.if %c65 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c102, ^b141, ^b255
^b103:
  scf.if %c111 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c103, ^b291, ^b269
^b104:
  scf.if %c392 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c104, ^b69, ^b250
^b105:
  scf.if %c63 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c105, ^b149, ^b201
^b106:
  scf.if %c17 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c106, ^b190, ^b259
^b107:
  scf.if %c177 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c107, ^b192, ^b357
^b108:
  scf.if %c318 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c108, ^b73, ^b352
^b109:
  scf.if %c40 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c109, ^b94, ^b229
^b110:
  scf.if %c393 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c110, ^b217, ^b288
^b111:
  scf.if %c190 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c111, ^b257, ^b20
^b112:
  scf.if %c183 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c112, ^b54, ^b163
^b113:
  scf.if %c244 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c113, ^b86, ^b330
^b114:
  scf.if %c244 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c114, ^b186, ^b295
^b115:
  scf.if %c190 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c115, ^b385, ^b219
^b116:
  scf.if %c380 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c116, ^b321, ^b343
^b117:
  scf.if %c376 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c117, ^b72, ^b363
^b118:
  scf.if %c31 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c118, ^b16, ^b119
^b119:
  scf.if %c247 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c119, ^b187, ^b243
^b120:
  scf.if %c154 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c120, ^b71, ^b331
^b121:
  scf.if %c11 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c121, ^b225, ^b379
^b122:
  scf.if %c299 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c122, ^b350, ^b133
^b123:
  scf.if %c151 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c123, ^b148, ^b206
^b124:
  scf.if %c228 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c124, ^b336, ^b322
^b125:
  scf.if %c255 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c125, ^b334, ^b224
^b126:
  scf.if %c69 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c126, ^b296, ^b377
^b127:
  scf.if %c185 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c127, ^b367, ^b307
^b128:
  scf.if %c185 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c128, ^b240, ^b293
^b129:
  scf.if %c104 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c129, ^b279, ^b267
^b130:
  scf.if %c74 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c130, ^b258, ^b17
^b131:
  scf.if %c280 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c131, ^b340, ^b388
^b132:
  scf.if %c111 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c132, ^b75, ^b325
^b133:
  scf.if %c129 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c133, ^b101, ^b59
^b134:
  scf.if %c18 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c134, ^b226, ^b367
^b135:
  scf.if %c162 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c135, ^b160, ^b14
^b136:
  scf.if %c376 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c136, ^b8, ^b377
^b137:
  scf.if %c294 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c137, ^b154, ^b327
^b138:
  scf.if %c5 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c138, ^b22, ^b109
^b139:
  scf.if %c162 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c139, ^b47, ^b212
^b140:
  scf.if %c0 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c140, ^b348, ^b49
^b141:
  scf.if %c246 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c141, ^b387, ^b367
^b142:
  scf.if %c57 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c142, ^b217, ^b259
^b143:
  scf.if %c38 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c143, ^b74, ^b336
^b144:
  scf.if %c305 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c144, ^b223, ^b336
^b145:
  scf.if %c129 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c145, ^b209, ^b355
^b146:
  scf.if %c14 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c146, ^b145, ^b32
^b147:
  scf.if %c161 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c147, ^b356, ^b82
^b148:
  scf.if %c28 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c148, ^b203, ^b354
^b149:
  scf.if %c134 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c149, ^b157, ^b267
^b150:
  scf.if %c308 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c150, ^b11, ^b207
^b151:
  scf.if %c360 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c151, ^b354, ^b355
^b152:
  scf.if %c96 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c152, ^b57, ^b395
^b153:
  scf.if %c79 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c153, ^b366, ^b161
^b154:
  scf.if %c334 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c154, ^b42, ^b222
^b155:
  scf.if %c259 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c155, ^b281, ^b350
^b156:
  scf.if %c237 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c156, ^b313, ^b186
^b157:
  scf.if %c315 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c157, ^b84, ^b240
^b158:
  scf.if %c113 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c158, ^b265, ^b172
^b159:
  scf.if %c284 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c159, ^b122, ^b113
^b160:
  scf.if %c370 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c160, ^b346, ^b305
^b161:
  scf.if %c172 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c161, ^b352, ^b65
^b162:
  scf.if %c36 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c162, ^b227, ^b165
^b163:
  scf.if %c338 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c163, ^b121, ^b368
^b164:
  scf.if %c10 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c164, ^b161, ^b204
^b165:
  scf.if %c393 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c165, ^b158, ^b60
^b166:
  scf.if %c197 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c166, ^b347, ^b340
^b167:
  scf.if %c210 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c167, ^b306, ^b5
^b168:
  scf.if %c173 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c168, ^b280, ^b366
^b169:
  scf.if %c8 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c169, ^b386, ^b7
^b170:
  scf.if %c190 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c170, ^b361, ^b247
^b171:
  scf.if %c313 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c171, ^b89, ^b58
^b172:
  scf.if %c227 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c172, ^b141, ^b41
^b173:
  scf.if %c101 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c173, ^b127, ^b323
^b174:
  scf.if %c30 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c174, ^b171, ^b176
^b175:
  scf.if %c362 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c175, ^b160, ^b249
^b176:
  scf.if %c251 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c176, ^b377, ^b140
^b177:
  scf.if %c244 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c177, ^b239, ^b299
^b178:
  scf.if %c276 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c178, ^b341, ^b353
^b179:
  scf.if %c263 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c179, ^b392, ^b260
^b180:
  scf.if %c229 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c180, ^b267, ^b242
^b181:
  scf.if %c60 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c181, ^b293, ^b314
^b182:
  scf.if %c168 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c182, ^b376, ^b150
^b183:
  scf.if %c319 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c183, ^b59, ^b228
^b184:
  scf.if %c152 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c184, ^b81, ^b383
^b185:
  scf.if %c180 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c185, ^b270, ^b28
^b186:
  scf.if %c310 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c186, ^b140, ^b36
^b187:
  scf.if %c282 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c187, ^b365, ^b352
^b188:
  scf.if %c224 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c188, ^b145, ^b359
^b189:
  scf.if %c244 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c189, ^b280, ^b33
^b190:
  scf.if %c322 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c190, ^b149, ^b34
^b191:
  scf.if %c202 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c191, ^b51, ^b280
^b192:
  scf.if %c93 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c192, ^b94, ^b367
^b193:
  scf.if %c165 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c193, ^b291, ^b121
^b194:
  scf.if %c224 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c194, ^b127, ^b393
^b195:
  scf.if %c15 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c195, ^b266, ^b178
^b196:
  scf.if %c61 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c196, ^b269, ^b264
^b197:
  scf.if %c293 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c197, ^b20, ^b298
^b198:
  scf.if %c227 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c198, ^b372, ^b188
^b199:
  scf.if %c168 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c199, ^b54, ^b53
^b200:
  scf.if %c249 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c200, ^b217, ^b290
^b201:
  scf.if %c51 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c201, ^b353, ^b66
^b202:
  scf.if %c180 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c202, ^b64, ^b199
^b203:
  scf.if %c170 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c203, ^b343, ^b266
^b204:
  scf.if %c304 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c204, ^b56, ^b194
^b205:
  scf.if %c346 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c205, ^b324, ^b213
^b206:
  scf.if %c397 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c206, ^b37, ^b368
^b207:
  scf.if %c120 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c207, ^b227, ^b102
^b208:
  scf.if %c310 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c208, ^b287, ^b341
^b209:
  scf.if %c108 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c209, ^b267, ^b0
^b210:
  scf.if %c186 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c210, ^b44, ^b84
^b211:
  scf.if %c287 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c211, ^b213, ^b370
^b212:
  scf.if %c69 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c212, ^b112, ^b192
^b213:
  scf.if %c303 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c213, ^b54, ^b78
^b214:
  scf.if %c33 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c214, ^b393, ^b81
^b215:
  scf.if %c253 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c215, ^b147, ^b278
^b216:
  scf.if %c45 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c216, ^b225, ^b363
^b217:
  scf.if %c38 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c217, ^b196, ^b226
^b218:
  scf.if %c223 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c218, ^b171, ^b247
^b219:
  scf.if %c158 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c219, ^b22, ^b296
^b220:
  scf.if %c10 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c220, ^b286, ^b317
^b221:
  scf.if %c332 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c221, ^b360, ^b217
^b222:
  scf.if %c371 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c222, ^b132, ^b359
^b223:
  scf.if %c21 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c223, ^b333, ^b321
^b224:
  scf.if %c319 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c224, ^b33, ^b279
^b225:
  scf.if %c26 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c225, ^b257, ^b8
^b226:
  scf.if %c369 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c226, ^b51, ^b163
^b227:
  scf.if %c127 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c227, ^b185, ^b181
^b228:
  scf.if %c42 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c228, ^b123, ^b328
^b229:
  scf.if %c260 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c229, ^b122, ^b143
^b230:
  scf.if %c321 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c230, ^b214, ^b15
^b231:
  scf.if %c11 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c231, ^b57, ^b390
^b232:
  scf.if %c161 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c232, ^b75, ^b256
^b233:
  scf.if %c115 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c233, ^b29, ^b167
^b234:
  scf.if %c262 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c234, ^b194, ^b390
^b235:
  scf.if %c317 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c235, ^b164, ^b388
^b236:
  scf.if %c81 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c236, ^b10, ^b355
^b237:
  scf.if %c374 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c237, ^b8, ^b270
^b238:
  scf.if %c319 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c238, ^b312, ^b151
^b239:
  scf.if %c154 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c239, ^b278, ^b307
^b240:
  scf.if %c13 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c240, ^b71, ^b356
^b241:
  scf.if %c369 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c241, ^b265, ^b389
^b242:
  scf.if %c180 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c242, ^b139, ^b227
^b243:
  scf.if %c177 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c243, ^b360, ^b154
^b244:
  scf.if %c186 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c244, ^b234, ^b227
^b245:
  scf.if %c387 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c245, ^b267, ^b345
^b246:
  scf.if %c43 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c246, ^b272, ^b132
^b247:
  scf.if %c147 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c247, ^b175, ^b258
^b248:
  scf.if %c139 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c248, ^b7, ^b0
^b249:
  scf.if %c355 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c249, ^b205, ^b320
^b250:
  scf.if %c7 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c250, ^b354, ^b0
^b251:
  scf.if %c320 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c251, ^b286, ^b25
^b252:
  scf.if %c170 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c252, ^b286, ^b323
^b253:
  scf.if %c396 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c253, ^b192, ^b284
^b254:
  scf.if %c250 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c254, ^b232, ^b386
^b255:
  scf.if %c207 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c255, ^b369, ^b265
^b256:
  scf.if %c251 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c256, ^b382, ^b48
^b257:
  scf.if %c271 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c257, ^b165, ^b217
^b258:
  scf.if %c279 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c258, ^b192, ^b308
^b259:
  scf.if %c272 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c259, ^b398, ^b341
^b260:
  scf.if %c119 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c260, ^b287, ^b81
^b261:
  scf.if %c212 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c261, ^b162, ^b124
^b262:
  scf.if %c281 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c262, ^b172, ^b256
^b263:
  scf.if %c153 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c263, ^b120, ^b214
^b264:
  scf.if %c274 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c264, ^b133, ^b246
^b265:
  scf.if %c31 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c265, ^b248, ^b318
^b266:
  scf.if %c293 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c266, ^b88, ^b183
^b267:
  scf.if %c374 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c267, ^b82, ^b386
^b268:
  scf.if %c97 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c268, ^b31, ^b343
^b269:
  scf.if %c292 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c269, ^b267, ^b117
^b270:
  scf.if %c64 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c270, ^b339, ^b132
^b271:
  scf.if %c17 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c271, ^b77, ^b352
^b272:
  scf.if %c40 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c272, ^b186, ^b50
^b273:
  scf.if %c397 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c273, ^b333, ^b58
^b274:
  scf.if %c336 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c274, ^b364, ^b25
^b275:
  scf.if %c177 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c275, ^b146, ^b179
^b276:
  scf.if %c70 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c276, ^b351, ^b292
^b277:
  scf.if %c328 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c277, ^b325, ^b358
^b278:
  scf.if %c386 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c278, ^b207, ^b4
^b279:
  scf.if %c224 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c279, ^b239, ^b188
^b280:
  scf.if %c116 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c280, ^b340, ^b28
^b281:
  scf.if %c302 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c281, ^b345, ^b239
^b282:
  scf.if %c153 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c282, ^b280, ^b210
^b283:
  scf.if %c137 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c283, ^b219, ^b35
^b284:
  scf.if %c115 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c284, ^b168, ^b98
^b285:
  scf.if %c28 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c285, ^b228, ^b150
^b286:
  scf.if %c157 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c286, ^b165, ^b141
^b287:
  scf.if %c30 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c287, ^b0, ^b4
^b288:
  scf.if %c396 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c288, ^b16, ^b333
^b289:
  scf.if %c116 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c289, ^b279, ^b53
^b290:
  scf.if %c243 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c290, ^b315, ^b314
^b291:
  scf.if %c93 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c291, ^b226, ^b252
^b292:
  scf.if %c15 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c292, ^b283, ^b132
^b293:
  scf.if %c25 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c293, ^b282, ^b179
^b294:
  scf.if %c138 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c294, ^b188, ^b258
^b295:
  scf.if %c237 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c295, ^b274, ^b119
^b296:
  scf.if %c31 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c296, ^b36, ^b116
^b297:
  scf.if %c158 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c297, ^b24, ^b58
^b298:
  scf.if %c282 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c298, ^b134, ^b208
^b299:
  scf.if %c70 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c299, ^b358, ^b387
^b300:
  scf.if %c214 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c300, ^b350, ^b368
^b301:
  scf.if %c250 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c301, ^b192, ^b249
^b302:
  scf.if %c261 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c302, ^b37, ^b200
^b303:
  scf.if %c194 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c303, ^b166, ^b214
^b304:
  scf.if %c146 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c304, ^b241, ^b229
^b305:
  scf.if %c379 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c305, ^b126, ^b37
^b306:
  scf.if %c38 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c306, ^b322, ^b273
^b307:
  scf.if %c70 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c307, ^b16, ^b4
^b308:
  scf.if %c311 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c308, ^b110, ^b268
^b309:
  scf.if %c228 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c309, ^b150, ^b105
^b310:
  scf.if %c147 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c310, ^b287, ^b161
^b311:
  scf.if %c249 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c311, ^b79, ^b316
^b312:
  scf.if %c179 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c312, ^b134, ^b149
^b313:
  scf.if %c206 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c313, ^b399, ^b152
^b314:
  scf.if %c372 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c314, ^b356, ^b61
^b315:
  scf.if %c370 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c315, ^b112, ^b354
^b316:
  scf.if %c281 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c316, ^b110, ^b293
^b317:
  scf.if %c71 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c317, ^b314, ^b50
^b318:
  scf.if %c132 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c318, ^b235, ^b229
^b319:
  scf.if %c298 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c319, ^b126, ^b349
^b320:
  scf.if %c156 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c320, ^b209, ^b314
^b321:
  scf.if %c352 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c321, ^b14, ^b80
^b322:
  scf.if %c399 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c322, ^b354, ^b232
^b323:
  scf.if %c69 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c323, ^b181, ^b383
^b324:
  scf.if %c61 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c324, ^b221, ^b141
^b325:
  scf.if %c18 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c325, ^b36, ^b145
^b326:
  scf.if %c395 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c326, ^b211, ^b166
^b327:
  scf.if %c214 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c327, ^b171, ^b21
^b328:
  scf.if %c294 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c328, ^b71, ^b242
^b329:
  scf.if %c374 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c329, ^b338, ^b230
^b330:
  scf.if %c134 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c330, ^b240, ^b264
^b331:
  scf.if %c137 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c331, ^b162, ^b163
^b332:
  scf.if %c175 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c332, ^b8, ^b108
^b333:
  scf.if %c200 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c333, ^b154, ^b95
^b334:
  scf.if %c159 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c334, ^b152, ^b21
^b335:
  scf.if %c240 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c335, ^b133, ^b298
^b336:
  scf.if %c318 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c336, ^b316, ^b227
^b337:
  scf.if %c76 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c337, ^b323, ^b100
^b338:
  scf.if %c161 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c338, ^b155, ^b21
^b339:
  scf.if %c263 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c339, ^b102, ^b289
^b340:
  scf.if %c262 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c340, ^b390, ^b82
^b341:
  scf.if %c40 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c341, ^b313, ^b106
^b342:
  scf.if %c6 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c342, ^b59, ^b64
^b343:
  scf.if %c284 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c343, ^b341, ^b400
^b344:
  scf.if %c337 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c344, ^b17, ^b214
^b345:
  scf.if %c255 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c345, ^b351, ^b391
^b346:
  scf.if %c291 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c346, ^b154, ^b208
^b347:
  scf.if %c13 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c347, ^b204, ^b222
^b348:
  scf.if %c266 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c348, ^b153, ^b10
^b349:
  scf.if %c117 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c349, ^b190, ^b234
^b350:
  scf.if %c40 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c350, ^b225, ^b62
^b351:
  scf.if %c317 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c351, ^b238, ^b394
^b352:
  scf.if %c162 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c352, ^b111, ^b170
^b353:
  scf.if %c67 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c353, ^b187, ^b129
^b354:
  scf.if %c42 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c354, ^b9, ^b267
^b355:
  scf.if %c239 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c355, ^b38, ^b270
^b356:
  scf.if %c179 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c356, ^b22, ^b77
^b357:
  scf.if %c95 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c357, ^b321, ^b64
^b358:
  scf.if %c323 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c358, ^b82, ^b365
^b359:
  scf.if %c64 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c359, ^b178, ^b187
^b360:
  scf.if %c280 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c360, ^b172, ^b34
^b361:
  scf.if %c300 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c361, ^b247, ^b251
^b362:
  scf.if %c265 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c362, ^b82, ^b383
^b363:
  scf.if %c299 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c363, ^b357, ^b304
^b364:
  scf.if %c253 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c364, ^b114, ^b284
^b365:
  scf.if %c1 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c365, ^b304, ^b306
^b366:
  scf.if %c183 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c366, ^b77, ^b58
^b367:
  scf.if %c380 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c367, ^b331, ^b219
^b368:
  scf.if %c109 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c368, ^b20, ^b348
^b369:
  scf.if %c70 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c369, ^b199, ^b88
^b370:
  scf.if %c61 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c370, ^b294, ^b165
^b371:
  scf.if %c359 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c371, ^b361, ^b275
^b372:
  scf.if %c252 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c372, ^b67, ^b145
^b373:
  scf.if %c340 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c373, ^b57, ^b232
^b374:
  scf.if %c212 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c374, ^b159, ^b137
^b375:
  scf.if %c328 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c375, ^b211, ^b318
^b376:
  scf.if %c176 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c376, ^b33, ^b282
^b377:
  scf.if %c79 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c377, ^b182, ^b206
^b378:
  scf.if %c275 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c378, ^b70, ^b30
^b379:
  scf.if %c224 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c379, ^b205, ^b333
^b380:
  scf.if %c204 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c380, ^b267, ^b165
^b381:
  scf.if %c375 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c381, ^b24, ^b71
^b382:
  scf.if %c275 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c382, ^b51, ^b148
^b383:
  scf.if %c308 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c383, ^b189, ^b34
^b384:
  scf.if %c275 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c384, ^b236, ^b103
^b385:
  scf.if %c25 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c385, ^b326, ^b272
^b386:
  scf.if %c122 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c386, ^b112, ^b311
^b387:
  scf.if %c181 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c387, ^b127, ^b359
^b388:
  scf.if %c193 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c388, ^b33, ^b178
^b389:
  scf.if %c269 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c389, ^b179, ^b49
^b390:
  scf.if %c111 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c390, ^b27, ^b308
^b391:
  scf.if %c33 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c391, ^b112, ^b347
^b392:
  scf.if %c375 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c392, ^b69, ^b177
^b393:
  scf.if %c192 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c393, ^b222, ^b41
^b394:
  scf.if %c325 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c394, ^b341, ^b130
^b395:
  scf.if %c254 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c395, ^b364, ^b345
^b396:
  scf.if %c77 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c396, ^b272, ^b291
^b397:
  scf.if %c82 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c397, ^b2, ^b158
^b398:
  scf.if %c9 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c398, ^b290, ^b241
^b399:
  scf.if %c194 {
    memref.dealloc %a0 : memref<4xf32>
  }
  cf.cond_br %c399, ^b56, ^b361
^b400:
  return
}
