#!/usr/bin/env python3
"""Writes touchlab(1) in roff from the program's own description of its command line.

Usage: python3 packaging/manpage.py PATH/TO/touchlab VERSION > touchlab.1

It reads `touchlab --experimental-dump-help` (swift-argument-parser's JSON of every
command, argument and help text), so the page says what `--help` says and cannot drift
from it. The date is the commit's (SOURCE_DATE_EPOCH when set), so the page is the same
bytes for the same tree.
"""
import json
import os
import subprocess
import sys
import time


def roff(text):
    """Text safe in roff: backslashes doubled, a leading dot or quote guarded."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text):
    out = []
    for block in text.strip().split("\n\n"):
        block = block.rstrip()
        if not block:
            continue
        if block.startswith("  "):
            # An indented example: kept as typed.
            out.append(".PP\n.nf\n.RS 4\n" + roff("\n".join(l[2:] for l in block.split("\n"))) + "\n.RE\n.fi")
        else:
            out.append(".PP\n" + roff(" ".join(block.split())))
    return "\n".join(out)


def synopsis_part(argument):
    if argument["kind"] == "positional":
        part = "\\fI" + roff(argument.get("valueName", "value")) + "\\fR"
    else:
        name = argument["preferredName"]
        dashes = "-" if name["kind"] == "short" else "--"
        part = "\\fB" + roff(dashes + name["name"]) + "\\fR"
        if argument["kind"] == "option":
            part += " \\fI" + roff(argument.get("valueName", "value")) + "\\fR"
    if argument.get("isRepeating"):
        part += " ..."
    if argument.get("isOptional"):
        part = "[" + part + "]"
    return part


def options(arguments):
    out = []
    for argument in arguments:
        if not argument.get("shouldDisplay", True):
            continue
        if argument["kind"] == "positional":
            label = "\\fI" + roff(argument.get("valueName", "value")) + "\\fR"
        else:
            names = []
            for name in argument.get("names", []):
                dashes = "-" if name["kind"] == "short" else "--"
                names.append("\\fB" + roff(dashes + name["name"]) + "\\fR")
            label = ", ".join(names)
            if argument["kind"] == "option":
                label += " \\fI" + roff(argument.get("valueName", "value")) + "\\fR"
        out.append(".TP\n" + label + "\n" + roff(" ".join(argument.get("abstract", "").split())))
        if argument.get("discussion"):
            out.append(paragraphs(argument["discussion"]) if isinstance(argument["discussion"], str) else "")
    return "\n".join(out)


def main():
    executable, version = sys.argv[1], sys.argv[2]
    dump = json.loads(subprocess.run([executable, "--experimental-dump-help"], check=True,
                                     capture_output=True, text=True).stdout)
    root = dump["command"]
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0") or 0)
    date = time.strftime("%Y-%m-%d", time.gmtime(epoch)) if epoch else ""
    page = [
        '.TH TOUCHLAB 1 "%s" "touchlab %s" "User Commands"' % (date, version),
        ".SH NAME",
        "touchlab \\- " + roff(root["abstract"]),
        ".SH SYNOPSIS",
        ".B touchlab",
        "[\\fISUBCOMMAND\\fR] [\\fIOPTIONS\\fR] [\\fIFILE\\fR]",
        ".SH DESCRIPTION",
        paragraphs(root.get("discussion", "")),
        ".PP",
        "With no subcommand, \\fBtouchlab\\fR runs \\fBopen\\fR.",
        ".SH OPTIONS",
        options(root.get("arguments", [])),
        ".SH COMMANDS",
    ]
    for command in root.get("subcommands", []):
        if not command.get("shouldDisplay", True) or command["commandName"] == "help":
            continue
        arguments = [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)
                     and a.get("preferredName", {}).get("name") not in ("help", "version")]
        shown = [synopsis_part(a) for a in arguments]
        page.append(".SS " + roff(command["commandName"]))
        page.append(".B touchlab " + roff(command["commandName"]))
        page.append(" ".join(shown))
        page.append(".PP\n" + roff(command.get("abstract", "")))
        if command.get("discussion"):
            page.append(paragraphs(command["discussion"]))
        page.append(".RS 4")
        page.append(options(arguments))
        page.append(".RE")
    page += [
        ".SH EXIT STATUS",
        ".TP\n0\nDone (\\fBcheck\\fR: every file good; \\fBtest\\fR: every scenario matches; \\fBdiff\\fR: they agree).",
        ".TP\n1\nA layout mistake (FILE:LINE:COLUMN: error: ...), a value refused, a file that cannot be "
        "read or written; \\fBtest\\fR and \\fBdiff\\fR: a difference.",
        ".TP\n2\n\\fBtest\\fR and \\fBdiff\\fR: an input that cannot be read.",
        ".TP\n64\nA command line that cannot be read: an unknown option or subcommand, a missing argument.",
        ".SH FILES",
        ".TP\n\\fI../share/touchlab/\\fR (from the program's folder)\n"
        "Assets (fonts.conf, theme.json, icon.png), the bundled Layouts (the default is "
        "Layouts/playground.yaml) and the documentation.",
        ".SH ENVIRONMENT",
        ".TP\n\\fBTOUCHLAB_ASSETS\\fR\nThe Assets folder to use instead of the installed one.",
        ".SH SEE ALSO",
        "The documentation installed in \\fI../share/touchlab/docs\\fR: README.md, layouts.md, import.md.",
    ]
    sys.stdout.write("\n".join(p for p in page if p) + "\n")


main()
