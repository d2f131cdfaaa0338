"""Frees upstream's deallocation helper never lets run, found from the text.

`-bufferization-lower-deallocations` lowers a `bufferization.dealloc` it
cannot decide statically to a call of `@dealloc_helper` (the library
function `buildDeallocationLibraryFunction` documents): the caller stores
the aligned base pointers of the memrefs to free and of those to retain into
local arrays, calls the helper and guards each free with
`scf.if %flag` where `%flag = memref.load %out[%cK]`. The helper clears
the flag of memref K when its pointer equals a retained one or an earlier
listed one. When that memref is, by the SSA values alone, the very buffer
of a retained or earlier memref (the same value under
`memref.extract_strided_metadata` bases and `memref.cast`s), the flag is
false on every run: the free is dead, and deleting or doubling it changes
nothing. SCCP (run.py's dead_deallocs) cannot see through the helper's
memory, so this module does, for exactly that case.
"""
import re

DEF_RE = re.compile(r"^\s*((?:%[\w.$-]+(?:, )?)+) = (\S+) (.*)$")
IF_RE = re.compile(r"^\s*scf\.if (%[\w.$-]+) ")
CALL_RE = re.compile(r"call @[\w.$-]+\(([^)]*)\)")
STORE_RE = re.compile(r"^\s*memref\.store (%[\w.$-]+), (%[\w.$-]+)\[(%[\w.$-]+)\]")


def indent(line):
    return len(line) - len(line.lstrip())


def visible_above(lines, idx):
    """Indexes of the lines above `idx` whose values `idx` can see, nearest
    first: the same block and the enclosing ones, not closed regions."""
    limit = indent(lines[idx])
    for j in range(idx - 1, -1, -1):
        line = lines[j]
        if not line.strip():
            continue
        ind = indent(line)
        if ind > limit:
            continue
        if ind < limit:
            limit = ind
        yield j


def definition(lines, idx, name):
    """(op, rest, position among results, line index) of `name`'s
    definition visible from line `idx`, or None."""
    for j in visible_above(lines, idx):
        m = DEF_RE.match(lines[j])
        if not m:
            continue
        results = m.group(1).split(", ")
        if name in results:
            return m.group(2), m.group(3), results.index(name), j
    return None


def root(lines, idx, name, depth=0):
    """The value `name` is a view of through extract_strided_metadata's
    base and memref.cast (the same aligned pointer)."""
    d = definition(lines, idx, name)
    if d is None or depth > 32:
        return name
    op, rest, pos, j = d
    src = rest.split(" ")[0].rstrip(",")
    if (op == "memref.extract_strided_metadata" and pos == 0) or \
            op == "memref.cast":
        return root(lines, j, src, depth + 1)
    return name


def constant_index(lines, idx, name):
    d = definition(lines, idx, name)
    if d is None or d[0] != "arith.constant":
        return None
    m = re.match(r"(\d+) : index", d[1])
    return int(m.group(1)) if m else None


def listed(lines, call_idx, cast_name):
    """Memrefs (roots) whose pointers the block stores into the array
    `cast_name` is a cast of, by index; None if not all known."""
    d = definition(lines, call_idx, cast_name)
    if d is None or d[0] != "memref.cast":
        return None
    alloc = d[1].split(" ")[0]
    out = {}
    for j in visible_above(lines, call_idx):
        m = STORE_RE.match(lines[j])
        if not m or m.group(2) != alloc:
            continue
        k = constant_index(lines, j, m.group(3))
        p = definition(lines, j, m.group(1))
        if k is None or p is None or \
                p[0] != "memref.extract_aligned_pointer_as_index":
            return None
        out[k] = root(lines, p[3], p[1].split(" ")[0])
    return out


def is_dead(lines, dealloc_idx):
    """Whether the dealloc on line `dealloc_idx` (0-based) is guarded by a
    helper flag that is false on every run (see the module comment)."""
    guard = None
    for j in visible_above(lines, dealloc_idx):
        guard = IF_RE.match(lines[j])
        break
    if not guard:
        return False
    flag = definition(lines, dealloc_idx, guard.group(1))
    if flag is None or flag[0] != "memref.load":
        return False
    m = re.match(r"(%[\w.$-]+)\[(%[\w.$-]+)\]", flag[1])
    if not m:
        return False
    out_array, load_idx = m.group(1), flag[3]
    k = constant_index(lines, load_idx, m.group(2))
    for j in visible_above(lines, load_idx):
        call = CALL_RE.search(lines[j])
        if not call:
            continue
        args = call.group(1).split(", ")
        if len(args) != 5:
            continue
        casts = [definition(lines, j, a) for a in args]
        if casts[3] is None or casts[3][0] != "memref.cast" or \
                casts[3][1].split(" ")[0] != out_array:
            continue  # not the call writing this flag (or its retain flags)
        frees = listed(lines, j, args[0])
        kept = listed(lines, j, args[1])
        if frees is None or kept is None or k not in frees:
            return False
        mine = frees[k]
        return mine in kept.values() or \
            any(frees.get(e) == mine for e in range(k))
    return False
