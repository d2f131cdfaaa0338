"""Indentation, line lists and fresh names for generated MLIR text."""

INDENT = "  "


def indent(depth, text):
    """`text` indented `depth` levels (two spaces each, as mlir-opt prints)."""
    return INDENT * depth + text


def text(lines):
    """A list of lines as file text: one per line, ending in a newline."""
    return "\n".join(lines) + "\n"


class Lines:
    """Lines of text at explicit indentation depths."""

    def __init__(self):
        self.out = []

    def line(self, depth, text):
        self.out.append(indent(depth, text))

    def label(self, depth, name, args=""):
        """A block label one level out from the block's ops at `depth`."""
        self.out.append(indent(max(0, depth - 1), label(name, args)))

    def __len__(self):
        return len(self.out)


def label(name, args=""):
    """The line that starts block `name` (without '^'): `^name(args):`."""
    return "^%s%s:" % (name, args)


class Names:
    """Fresh names `<sigil><prefix><n>` from one counter shared by every
    prefix, so two prefixes never need separate bookkeeping to stay unique:
    Names().fresh("buf") -> "%buf1", then fresh("v") -> "%v2".  A sigil of ""
    names blocks ("b3")."""

    def __init__(self, sigil="%"):
        self.sigil = sigil
        self.n = 0

    def fresh(self, prefix="v"):
        self.n += 1
        return "%s%s%d" % (self.sigil, prefix, self.n)
