#!/usr/bin/env python3
"""The expected display widths of Tests/FoldCycleTests/DisplayWidthTests.swift
(docs/DESIGN.md#terminal-rendering).

The reference is Python's `wcwidth` package, version 0.9.4: `wcwidth.width(cluster)` for every
grapheme cluster of each case (`wcwidth.iter_graphemes`). The output is the Swift array literal
of `WidthCase(name, text, widths)` that follows `let widthReference: [WidthCase] =` in the test.

Needs `wcwidth==0.9.4` (scripts/test installs it into .venv).
Run: .venv/bin/python scripts/gen_width_reference.py [--check | --write]   (see scripts/refcheck.py)
"""
import refcheck
import wcwidth

assert wcwidth.__version__ == "0.9.4", wcwidth.__version__

CASES = [
    ("ascii letter", "A"),
    ("ascii word", "Fold"),
    ("space", " "),
    ("CJK ideograph", "\u4f60"),
    ("CJK pair", "\u4f60\u597d"),
    ("CJK ext B", "\U00020000"),
    ("ideographic space", "\u3000"),
    ("fullwidth number sign", "\uff03"),
    ("fullwidth latin A", "\uff21"),
    ("hangul syllable", "\ud55c"),
    ("hangul decomposed jamo LV", "\u1112\u1161"),
    ("hangul decomposed jamo LVT", "\u1100\u1161\u11a8"),
    ("hangul filler", "\u3164"),
    ("katakana full width", "\u30a2"),
    ("katakana half width", "\uff71"),
    ("half width ka + voiced mark", "\uff76\uff9e"),
    ("half width voiced mark alone", "\uff9e"),
    ("hiragana", "\u3072\u3089\u304c\u306a"),
    ("emoji thumbs up", "\U0001f44d"),
    ("emoji skin tone", "\U0001f44d\U0001f3fd"),
    ("emoji skin tone alone", "\U0001f3fd"),
    ("ZWJ family", "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"),
    ("ZWJ technologist with tone", "\U0001f469\U0001f3fd\u200d\U0001f4bb"),
    ("rainbow flag", "\U0001f3f3\ufe0f\u200d\U0001f308"),
    ("flag FR", "\U0001f1eb\U0001f1f7"),
    ("flag JP + US", "\U0001f1ef\U0001f1f5\U0001f1fa\U0001f1f8"),
    ("lone regional indicator", "\U0001f1eb"),
    ("three regional indicators", "\U0001f1e6\U0001f1e8\U0001f1e9"),
    ("heart text", "\u2764"),
    ("heart VS16", "\u2764\ufe0f"),
    ("watch emoji presentation", "\u231a"),
    ("watch VS15", "\u231a\ufe0e"),
    ("scissors text", "\u2702"),
    ("scissors VS16", "\u2702\ufe0f"),
    ("copyright text", "\u00a9"),
    ("copyright VS16", "\u00a9\ufe0f"),
    ("letter A with VS16", "A\ufe0f"),
    ("keycap one", "1\ufe0f\u20e3"),
    ("keycap hash", "#\ufe0f\u20e3"),
    ("e + combining acute", "e\u0301"),
    ("e + two combining marks", "e\u0301\u0323"),
    ("precomposed e acute", "\u00e9"),
    ("lone combining grave", "\u0300"),
    ("zero width space", "\u200b"),
    ("ZWJ alone", "\u200d"),
    ("word joiner", "\u2060"),
    ("byte order mark", "\ufeff"),
    ("soft hyphen", "\u00ad"),
    ("devanagari conjunct", "\u0915\u094d\u0937"),
    ("devanagari spacing mark", "\u0915\u093e"),
    ("thai sara am", "\u0e01\u0e33"),
    ("mathematical bold A", "\U0001d400"),
    ("horizontal ellipsis", "\u2026"),
    ("box drawing", "\u2500\u2502"),
    ("block eighths", "\u2581\u258f\u2588"),
    ("control picture ESC", "\u241b"),
    ("replacement character", "\ufffd"),
    ("mixed latin CJK emoji", "a\u4e16\U0001f600b"),
    ("trigram (wide in Python, narrow in glibc)", "\u2630"),
    ("CJK stroke (unassigned in glibc 2.36)", "\u31e4"),
]


def swift_literal(text):
    out = []
    for ch in text:
        cp = ord(ch)
        if 0x20 <= cp < 0x7F and ch not in '"\\':
            out.append(ch)
        else:
            out.append("\\u{%X}" % cp)
    return '"' + "".join(out) + '"'


def generate():
    lines = ["["]
    for name, text in CASES:
        widths = [wcwidth.width(g) for g in wcwidth.iter_graphemes(text)]
        lines.append(f"    WidthCase({swift_literal(name)}, {swift_literal(text)}, {widths}),")
    lines.append("]")
    return lines


if __name__ == "__main__":
    raise SystemExit(refcheck.main(
        __doc__, generate, "Tests/FoldCycleTests/DisplayWidthTests.swift",
        refcheck.Block(after="let widthReference: [WidthCase] =", until="]", until_included=True)))
