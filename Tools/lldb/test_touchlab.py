"""Tests of Tools/lldb/touchlab.py with a stub of lldb's SB API that answers with real
recorded outputs (the importer's fixtures, Tests/TouchLabImportTests/Dumps), and an import of
what it writes by the built `touchlab` (its path in $TOUCHLAB; run by the Swift suite's
LLDBCaptureTests, or: TOUCHLAB=.build/debug/touchlab python3 Tools/lldb/test_touchlab.py)."""

import os
import subprocess
import sys
import tempfile
import types
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
DUMPS = os.path.join(HERE, "..", "..", "Tests", "TouchLabImportTests", "Dumps")

# The recognizers of the cocoadelica dump's notes view, in the form `po view.gestureRecognizers`
# prints (as Tests/TouchLabImportTests/AttachmentTests.swift has them), and its controller.
NOTES_RECOGNIZERS = """<__NSArrayI 0x7a1b2c30>(
<UITapGestureRecognizer: 0x7a1b0010; state = Possible; delaysTouchesEnded = NO; view = <Blinc_NotesView 0x78e6a050>; target= <(action=handleDoubleTap:, target=<NotesViewController 0x7a000100>)>; numberOfTapsRequired = 2>,
<UITapGestureRecognizer: 0x7a1b0020; state = Possible; cancelsTouchesInView = NO; view = <Blinc_NotesView 0x78e6a050>; target= <(action=handleTap:, target=<Blinc_NotesView 0x78e6a050>)>; must-fail = {
        <UITapGestureRecognizer: 0x7a1b0010; state = Possible; view = <Blinc_NotesView 0x78e6a050>; target= <(action=handleDoubleTap:, target=<NotesViewController 0x7a000100>)>>
    }; name = single>,
<UILongPressGestureRecognizer: 0x7a1b0030; state = Possible; enabled = NO; view = <Blinc_NotesView 0x78e6a050>; target= <(action=press:, target=<Blinc_NotesView 0x78e6a050>)>>
)
"""
CONTROLLERS = """<NotesViewController 0x7a000100>, state: appeared, view: <UIView 0x78f90d20>
   | <UINavigationController 0x7a000200>, state: disappeared, view: (view not loaded)
"""


def fixture(name):
    with open(os.path.join(DUMPS, name), encoding="utf-8") as file:
        text = file.read()
    # The debugger's own command line is not part of what an expression returns.
    return "\n".join(line for line in text.split("\n") if not line.startswith("(lldb)"))


class StubError:
    def __init__(self, message=None):
        self.message = message

    def Success(self):
        return self.message is None

    def GetCString(self):
        return self.message


class StubValue:
    def __init__(self, text=None, error=None):
        self.text, self.error = text, error

    def GetError(self):
        return StubError(self.error)

    def GetObjectDescription(self):
        return self.text


class StubFrame:
    """Answers each expression from `answers` (substring → text); anything else is an error."""

    def __init__(self, answers):
        self.answers = answers
        self.asked = []

    def IsValid(self):
        return True

    def EvaluateExpression(self, expression, options):
        self.asked.append(expression)
        assert options.language == "objc", "expressions are evaluated as Objective-C"
        for key, text in self.answers.items():
            if key in expression:
                return StubValue(text)
        return StubValue(error="error: use of undeclared identifier")


class StubOptions:
    language = None

    def SetLanguage(self, language):
        self.language = language

    def SetIgnoreBreakpoints(self, value):
        pass

    def SetTryAllThreads(self, value):
        pass


class StubResult:
    def __init__(self):
        self.error, self.messages = None, []

    def SetError(self, message):
        self.error = message

    def AppendMessage(self, message):
        self.messages.append(message)


def stub_debugger(frame):
    chain = types.SimpleNamespace()
    chain.GetSelectedTarget = lambda: chain
    chain.GetProcess = lambda: chain
    chain.GetSelectedThread = lambda: chain
    chain.GetSelectedFrame = lambda: frame
    return chain


sys.modules["lldb"] = types.SimpleNamespace(
    SBExpressionOptions=StubOptions, eLanguageTypeObjC="objc")
sys.path.insert(0, HERE)
import touchlab  # noqa: E402


class CaptureTests(unittest.TestCase):
    def run_command(self, answers, arguments):
        frame = StubFrame(answers)
        result = StubResult()
        out = os.path.join(tempfile.mkdtemp(prefix="touchlab-lldb-"), "capture.txt")
        touchlab.touchlab_command(stub_debugger(frame), "-o %s %s" % (out, arguments), result, {})
        self.assertIsNone(result.error)
        with open(out, encoding="utf-8") as file:
            return frame, result, out, file.read()

    def imported(self, path):
        executable = os.environ.get("TOUCHLAB")
        if not executable:
            self.skipTest("TOUCHLAB (the built touchlab) not set")
        return subprocess.run(
            [executable, "import", path, "--out", "-"], capture_output=True, text=True, timeout=60)

    def test_key_window_with_recognizers_and_controllers(self):
        answers = {
            "keyWindow]) recursiveDescription": fixture("cocoadelica-ios7-lldb.txt"),
            "0x78e6a050 gestureRecognizers": NOTES_RECOGNIZERS,
            "_printHierarchy": CONTROLLERS,
        }
        frame, result, out, text = self.run_command(answers, "")
        # Asked: the hierarchy, the one view that prints gestureRecognizers, the controllers.
        self.assertEqual(len(frame.asked), 3, frame.asked)
        self.assertIn("wrote %s (1 recognizer list)" % out, result.messages[0])
        self.assertTrue(text.startswith(touchlab.MARKER))
        self.assertIn("# touchlab capture: recognizers of Blinc_NotesView 0x78e6a050", text)
        imported = self.imported(out)
        self.assertEqual(imported.returncode, 0, imported.stderr)
        self.assertEqual(
            imported.stderr.strip().splitlines()[-1], "imported 10 views, 3 recognizers, 1 view controller")
        self.assertIn('address: "0x7a1b0020"', imported.stdout)
        self.assertIn('address: "0x7a000100"', imported.stdout)
        # Diagnostics name the capture file's own lines: the cut-short image view is on the
        # same line as in the fixture, plus the two marker lines before it.
        self.assertIn("%s:12:5: warning: the entry of UIImageView is cut short" % out, imported.stderr)

    def test_a_given_view_and_lists_lldb_cannot_give(self):
        answers = {"(0x7fc89f005400) recursiveDescription": fixture("lnpopup-ios10-window-table.txt")}
        frame, result, out, text = self.run_command(answers, "0x7fc89f005400")
        self.assertIn("(id)[(id)(0x7fc89f005400) recursiveDescription]", frame.asked[0])
        # Each view printing gestureRecognizers was asked; none answered; no controllers.
        self.assertNotIn("# touchlab capture: recognizers", text)
        self.assertNotIn("# touchlab capture: controllers", text)
        imported = self.imported(out)
        self.assertEqual(imported.returncode, 0, imported.stderr)
        self.assertIn("has gesture recognizers the dump does not list", imported.stderr)

    def test_no_hierarchy_is_one_error(self):
        frame = StubFrame({})
        result = StubResult()
        touchlab.touchlab_command(stub_debugger(frame), "-o /nonexistent/x.txt", result, {})
        self.assertIn("lldb could not evaluate", result.error)


if __name__ == "__main__":
    unittest.main()
