"""Spellings of the MLIR ops memlint's generators emit, one function each.

Every function returns the op's text without indentation (see lines.py),
exactly as mlir-opt would accept it.  Value, type and block arguments are
strings; where an op takes a list (indices, sizes, call arguments), a list
is joined with ", " and a string is used as it is.  Results are passed
first; `res` may carry a result count ("%r:2") when the op has several.
Block names are given without the '^'.
"""


def _list(x):
    return x if isinstance(x, str) else ", ".join(x)


def _bind(res, text):
    return text if res is None else "%s = %s" % (res, text)


def multi(res, n):
    """The name of an op's `n` results: `%r:n`."""
    return "%s:%d" % (res, n)


# ---- types ------------------------------------------------------------------

def memref_type(shape, elt="f32", layout=None, space=None):
    """memref<4x?xf32[, layout][, space]>; `shape` is a list of dims."""
    parts = ["x".join(str(d) for d in list(shape) + [elt])]
    if layout:
        parts.append(layout)
    if space:
        parts.append(str(space))
    return "memref<%s>" % ", ".join(parts)


def func_type(ins, outs):
    """(a, b) -> c; no results print as (), several in parentheses."""
    outs = [outs] if isinstance(outs, str) else list(outs)
    res = outs[0] if len(outs) == 1 else "(%s)" % ", ".join(outs)
    return "(%s) -> %s" % (_list(ins), res)


# ---- memref -----------------------------------------------------------------

def alloc(res, type, dyn=(), attrs=""):
    """`attrs` is printed as it is, after the operands:
    " {alignment = 64 : i64}"."""
    return "%s = memref.alloc(%s)%s : %s" % (res, _list(dyn), attrs, type)


def alloca(res, type, dyn=()):
    return "%s = memref.alloca(%s) : %s" % (res, _list(dyn), type)


def dealloc(buf, type):
    return "memref.dealloc %s : %s" % (buf, type)


def realloc(res, src, src_type, res_type):
    return "%s = memref.realloc %s : %s to %s" % (res, src, src_type, res_type)


def get_global(res, name, type):
    return "%s = memref.get_global @%s : %s" % (res, name, type)


def load(res, buf, index, type):
    return "%s = memref.load %s[%s] : %s" % (res, buf, _list(index), type)


def store(value, buf, index, type):
    return "memref.store %s, %s[%s] : %s" % (value, buf, _list(index), type)


def copy(src, dst, src_type, dst_type=None):
    return "memref.copy %s, %s : %s to %s" % (src, dst, src_type,
                                               dst_type or src_type)


def subview(res, src, offsets, sizes, strides, src_type, res_type):
    return "%s = memref.subview %s[%s] [%s] [%s] : %s to %s" % (
        res, src, _list(offsets), _list(sizes), _list(strides), src_type,
        res_type)


def cast(res, src, src_type, res_type):
    return "%s = memref.cast %s : %s to %s" % (res, src, src_type, res_type)


def collapse_shape(res, src, reassociation, src_type, res_type):
    return "%s = memref.collapse_shape %s %s : %s into %s" % (
        res, src, reassociation, src_type, res_type)


def expand_shape(res, src, reassociation, output_shape, src_type, res_type):
    return "%s = memref.expand_shape %s %s output_shape [%s] : %s into %s" % (
        res, src, reassociation, _list(output_shape), src_type, res_type)


def reinterpret_cast(res, src, offset, sizes, strides, src_type, res_type):
    return ("%s = memref.reinterpret_cast %s to offset: [%s], sizes: [%s], "
            "strides: [%s] : %s to %s" % (res, src, offset, _list(sizes),
                                          _list(strides), src_type, res_type))


def view(res, src, byte_shift, src_type, res_type, sizes=()):
    return "%s = memref.view %s[%s][%s] : %s to %s" % (
        res, src, byte_shift, _list(sizes), src_type, res_type)


# ---- arith ------------------------------------------------------------------

def constant(res, value, type=None):
    """`value` as printed: 0, 1.0, true."""
    if type is None:
        return "%s = arith.constant %s" % (res, value)
    return "%s = arith.constant %s : %s" % (res, value, type)


def binary(res, op, lhs, rhs, type):
    """arith.<op> (addi, addf, xori, andi, ...)."""
    return "%s = arith.%s %s, %s : %s" % (res, op, lhs, rhs, type)


def cmpi(res, pred, lhs, rhs, type="index"):
    return "%s = arith.cmpi %s, %s, %s : %s" % (res, pred, lhs, rhs, type)


def cmpf(res, pred, lhs, rhs, type="f32"):
    return "%s = arith.cmpf %s, %s, %s : %s" % (res, pred, lhs, rhs, type)


def select(res, cond, a, b, type):
    return "%s = arith.select %s, %s, %s : %s" % (res, cond, a, b, type)


def index_cast(res, src, src_type, res_type):
    return "%s = arith.index_cast %s : %s to %s" % (res, src, src_type,
                                                    res_type)


# ---- scf --------------------------------------------------------------------

ELSE = "} else {"
DO = "} do {"
END = "}"


def if_(cond, res=None, types=()):
    """The first line of scf.if; with results when `res` is given."""
    if res is None:
        return "scf.if %s {" % cond
    return "%s = scf.if %s -> (%s) {" % (res, cond, _list(types))


def for_(iv, lb, ub, step, res=None, iter_args=(), types=()):
    """The first line of scf.for; `iter_args` are (block arg, init) pairs."""
    text = "scf.for %s = %s to %s step %s" % (iv, lb, ub, step)
    if iter_args:
        text += " iter_args(%s) -> (%s)" % (
            ", ".join("%s = %s" % p for p in iter_args), _list(types))
    return _bind(res, text + " {")


def while_(res, inits, types, res_types=None):
    """The first line of scf.while; `inits` are (before arg, init) pairs."""
    outs = types if res_types is None else res_types
    outs = [outs] if isinstance(outs, str) else list(outs)
    return "%s = scf.while (%s) : (%s) -> %s {" % (
        res, ", ".join("%s = %s" % p for p in inits),
        _list(types), outs[0] if len(outs) == 1 else "(%s)" % ", ".join(outs))


def condition(cond, values, types):
    return "scf.condition(%s) %s : %s" % (cond, _list(values), _list(types))


def yield_(values, types):
    return "scf.yield %s : %s" % (_list(values), _list(types))


def execute_region(res, type):
    return "%s = scf.execute_region -> %s {" % (res, type)


def index_switch(res, arg, type):
    """The first line of scf.index_switch; its cases follow as `case N {`."""
    return "%s = scf.index_switch %s -> %s" % (res, arg, type)


# ---- cf ---------------------------------------------------------------------

def _dest(block, args=(), types=()):
    if not args:
        return "^%s" % block
    return "^%s(%s : %s)" % (block, _list(args), _list(types))


def br(block, args=(), types=()):
    return "cf.br " + _dest(block, args, types)


def cond_br(cond, true_block, false_block):
    return "cf.cond_br %s, ^%s, ^%s" % (cond, true_block, false_block)


def switch(flag, type, default, cases):
    """cf.switch; `cases` are (value, block) pairs."""
    return "cf.switch %s : %s, [default: ^%s, %s]" % (
        flag, type, default,
        ", ".join("%s: ^%s" % (v, b) for v, b in cases))


# ---- func -------------------------------------------------------------------

def func(name, params, results=None, private=False):
    """The first line of a function definition; `params` like "%n: index"."""
    return "func.func %s@%s(%s)%s {" % ("private " if private else "", name,
                                        _list(params),
                                        " -> %s" % results if results else "")


def declare(name, arg_types, results=None):
    """A private function declaration (no body)."""
    return "func.func private @%s(%s)%s" % (
        name, _list(arg_types), " -> %s" % results if results else "")


def call(res, callee, args, type):
    """func.call of @callee; `type` is the function type (see func_type)."""
    return _bind(res, "func.call @%s(%s) : %s" % (callee, _list(args), type))


def func_return(values=(), types=()):
    return ("func.return %s : %s" % (_list(values), _list(types))
            if values else "func.return")


def return_(values=(), types=()):
    """The short spelling, `return`, of func.return."""
    return ("return %s : %s" % (_list(values), _list(types))
            if values else "return")


# ---- unregistered ops -------------------------------------------------------

def generic(name, operands, types):
    """A result-less op in generic form: "npu.compute"(%b) : (T) -> ()."""
    return '"%s"(%s) : (%s) -> ()' % (name, _list(operands), _list(types))


def generic_region(name, operands):
    """The first line of a generic op with one region; close it with
    generic_region_end."""
    return '"%s"(%s) ({' % (name, _list(operands))


def generic_region_end(types):
    return "}) : (%s) -> ()" % _list(types)
