"""The one error users see: bad input, reported as a single line with exit status 2."""


class InputError(ValueError):
    """Input that cannot be used; the message says what is wrong and how to fix it."""
