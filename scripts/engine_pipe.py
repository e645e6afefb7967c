"""One engine process over pipes, for the standalone scripts beside it."""
import subprocess
import sys


class EnginePipe:
    def __init__(self, cmd, who="the engine"):
        self.who = who
        self.p = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix, error=None):
        """The first line starting with `prefix`; exits at the end of the
        engine's output, or at a line starting with `error` when given."""
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"{self.who} exited")
            if error and line.startswith(error):
                sys.exit(line.strip())
            if line.startswith(prefix):
                return line

    def close(self, timeout=None):
        """Sends `quit` and waits for the engine to exit."""
        self.send("quit")
        self.p.wait(timeout=timeout)
