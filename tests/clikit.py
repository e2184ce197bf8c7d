"""Running the command line in-process for tests: the exit code and what it printed."""

from dosrules.cli import main


def run(capsys, *argv):
    """``dosrules ARGV`` -> (exit code, stdout, stderr); argparse's own exits count as codes."""
    try:
        code = main(list(argv))
    except SystemExit as exit:
        code = exit.code
    out, err = capsys.readouterr()
    return code, out, err
