"""placeholder"""


class Follower:
    def __init__(self, **kw):
        self.kw = kw

    def visit(self, linter, doc, result):
        pass
