// RUN: %memlint lint --verify-diagnostics %s
//
// A block whose last op is an unregistered op (a custom region op's body,
// no terminator) is an op like the others, taken once. It was taken twice
// (once among the block's ops, once as what may end the block), its
// regions walked twice: a nest of 40 of them ran 2^40 walks (helper-114).
// The buffer made in the innermost region is still found leaking.

func.func @unterminated_nest(%n: index) {
  "x.op"() ({
    "x.op"() ({
      "x.op"() ({
        "x.op"() ({
          "x.op"() ({
            "x.op"() ({
              "x.op"() ({
                "x.op"() ({
                  "x.op"() ({
                    "x.op"() ({
                      "x.op"() ({
                        "x.op"() ({
                          "x.op"() ({
                            "x.op"() ({
                              "x.op"() ({
                                "x.op"() ({
                                  "x.op"() ({
                                    "x.op"() ({
                                      "x.op"() ({
                                        "x.op"() ({
                                          "x.op"() ({
                                            "x.op"() ({
                                              "x.op"() ({
                                                "x.op"() ({
                                                  "x.op"() ({
                                                    "x.op"() ({
                                                      "x.op"() ({
                                                        "x.op"() ({
                                                          "x.op"() ({
                                                            "x.op"() ({
                                                              "x.op"() ({
                                                                "x.op"() ({
                                                                  "x.op"() ({
                                                                    "x.op"() ({
                                                                      "x.op"() ({
                                                                        "x.op"() ({
                                                                          "x.op"() ({
                                                                            "x.op"() ({
                                                                              "x.op"() ({
                                                                                "x.op"() ({
                                                                                  %m = memref.alloc(%n) : memref<?xf32> // expected-warning {{buffer %m is never freed [leak]}}
                                                                                  "x.use"(%m) : (memref<?xf32>) -> ()
                                                                                }) : () -> ()
                                                                              }) : () -> ()
                                                                            }) : () -> ()
                                                                          }) : () -> ()
                                                                        }) : () -> ()
                                                                      }) : () -> ()
                                                                    }) : () -> ()
                                                                  }) : () -> ()
                                                                }) : () -> ()
                                                              }) : () -> ()
                                                            }) : () -> ()
                                                          }) : () -> ()
                                                        }) : () -> ()
                                                      }) : () -> ()
                                                    }) : () -> ()
                                                  }) : () -> ()
                                                }) : () -> ()
                                              }) : () -> ()
                                            }) : () -> ()
                                          }) : () -> ()
                                        }) : () -> ()
                                      }) : () -> ()
                                    }) : () -> ()
                                  }) : () -> ()
                                }) : () -> ()
                              }) : () -> ()
                            }) : () -> ()
                          }) : () -> ()
                        }) : () -> ()
                      }) : () -> ()
                    }) : () -> ()
                  }) : () -> ()
                }) : () -> ()
              }) : () -> ()
            }) : () -> ()
          }) : () -> ()
        }) : () -> ()
      }) : () -> ()
    }) : () -> ()
  }) : () -> ()
  return // expected-note {{the function exits here with %m still allocated}}
}
