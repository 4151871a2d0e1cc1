"""One-step capture for `touchlab import`, from lldb (docs/import.md).

In ~/.lldbinit:

    command script import /path/to/TouchLab/Tools/lldb/touchlab.py

Then, with the app paused (a device or the simulator):

    (lldb) touchlab                        # the key window, to /tmp/touchlab-capture.txt
    (lldb) touchlab -o ~/Desktop/cell.txt 0x7fc89f005400
    (lldb) touchlab -o cell.txt "(id)[self view]"

writes one file with the view's recursiveDescription, the gestureRecognizers of every view
that has any (with their addresses and must-fail lists) and `[UIViewController
_printHierarchy]`: everything `touchlab import FILE`, `hit FILE --at X,Y` or `replay FILE
--tap X,Y` needs. Each part starts with a `# touchlab capture: …` line.
"""

import argparse
import os
import re
import shlex

MARKER = "# touchlab capture"
DEFAULT_OUT = "/tmp/touchlab-capture.txt"
KEY_WINDOW = "[[UIApplication sharedApplication] keyWindow]"
# A view that has recognizers prints `gestureRecognizers = <NSArray: 0x…>` in its entry.
VIEW_WITH_RECOGNIZERS = re.compile(r"<([A-Za-z_][\w.$]*): (0x[0-9a-fA-F]+);[^\n]*?gestureRecognizers = <")
# Views a capture asks recognizers of: a pathological hierarchy does not make lldb evaluate forever.
MAXIMUM_RECOGNIZER_LISTS = 2000


class CaptureError(Exception):
    """An expression lldb could not evaluate: one line for the user."""


def capture(evaluate, view=None):
    """The capture file's text. `evaluate(expression)` returns what `po EXPRESSION` prints
    (an Objective-C expression), or raises CaptureError."""
    root = view or KEY_WINDOW
    views = evaluate("(id)[(id)(%s) recursiveDescription]" % root)
    if "frame = " not in views:
        raise CaptureError("%s gave no view hierarchy: %s" % (root, views.strip().splitlines()[:1]))
    parts = ["%s: made by Tools/lldb/touchlab.py; import it with `touchlab import FILE --out scene.yaml`" % MARKER]
    parts.append("%s: views of %s" % (MARKER, root))
    parts.append(views.rstrip("\n"))
    addresses = []
    seen = set()
    for match in VIEW_WITH_RECOGNIZERS.finditer(views):
        address = match.group(2).lower()
        if address not in seen:
            seen.add(address)
            addresses.append((match.group(1), address))
    for class_name, address in addresses[:MAXIMUM_RECOGNIZER_LISTS]:
        try:
            listed = evaluate("(id)[(id)%s gestureRecognizers]" % address)
        except CaptureError:
            continue  # the import then says the view has recognizers the capture does not list
        parts.append("%s: recognizers of %s %s" % (MARKER, class_name, address))
        parts.append(listed.rstrip("\n"))
    try:
        controllers = evaluate("(id)[UIViewController _printHierarchy]")
    except CaptureError:
        controllers = ""
    if controllers.strip():
        parts.append("%s: controllers" % MARKER)
        parts.append(controllers.rstrip("\n"))
    return "\n".join(parts) + "\n"


def make_evaluator(frame):
    """`po`'s text for an expression, evaluated as Objective-C in `frame` (a Swift frame too)."""
    import lldb

    options = lldb.SBExpressionOptions()
    options.SetLanguage(lldb.eLanguageTypeObjC)
    options.SetIgnoreBreakpoints(True)
    options.SetTryAllThreads(True)

    def evaluate(expression):
        value = frame.EvaluateExpression(expression, options)
        error = value.GetError()
        if error is not None and not error.Success():
            raise CaptureError("lldb could not evaluate %s: %s" % (expression, (error.GetCString() or "").strip()))
        text = value.GetObjectDescription()
        if text is None:
            raise CaptureError("%s has no description" % expression)
        return text

    return evaluate


def parse_arguments(command):
    parser = argparse.ArgumentParser(prog="touchlab", add_help=False)
    parser.add_argument("-o", "--out", default=DEFAULT_OUT)
    parser.add_argument("view", nargs="*")
    arguments = parser.parse_args(shlex.split(command))
    return os.path.expanduser(arguments.out), " ".join(arguments.view) or None


def touchlab_command(debugger, command, result, internal_dict):
    """touchlab [-o FILE] [VIEW]: capture the key window (or VIEW) for `touchlab import`."""
    try:
        out, view = parse_arguments(command)
    except SystemExit:
        result.SetError("usage: touchlab [-o FILE] [VIEW_ADDRESS_OR_EXPRESSION]")
        return
    frame = debugger.GetSelectedTarget().GetProcess().GetSelectedThread().GetSelectedFrame()
    if frame is None or not frame.IsValid():
        result.SetError("touchlab: the process is not paused in a frame (interrupt it first)")
        return
    try:
        text = capture(make_evaluator(frame), view)
    except CaptureError as error:
        result.SetError("touchlab: %s" % error)
        return
    with open(out, "w", encoding="utf-8") as file:
        file.write(text)
    lists = text.count("\n%s: recognizers" % MARKER)
    result.AppendMessage(
        "touchlab: wrote %s (%d recognizer list%s); then: touchlab import %s --out scene.yaml"
        % (out, lists, "" if lists == 1 else "s", shlex.quote(out)))


def __lldb_init_module(debugger, internal_dict):
    debugger.HandleCommand("command script add -f %s.touchlab_command touchlab" % __name__)
