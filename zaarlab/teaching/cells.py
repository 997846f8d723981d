"""Texts as a spreadsheet shows them and never runs them: what students typed and teachers' files hold goes into
CSV files through :func:`as_cell`, and comes back through :func:`from_cell`."""

FORMULA = ("=", "+", "-", "@", "\t", "\r", "'")  # a cell a spreadsheet would run, or one already quoted


def as_cell(text: str) -> str:
    """A text as a spreadsheet shows it and never runs it: one that opens as a formula would (``=HYPERLINK(...)``,
    ``+1``, ``@SUM``) gets a quote in front, as OWASP's rule for CSV files says; :func:`from_cell` takes it off.

    >>> as_cell("=HYPERLINK('x')"), as_cell("-0.5"), as_cell("1/2"), from_cell(as_cell("'quoted"))
    ("'=HYPERLINK('x')", "'-0.5", '1/2', "'quoted")
    """
    return f"'{text}" if text.startswith(FORMULA) else text


def from_cell(text: str) -> str:
    """The text :func:`as_cell` wrote."""
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA) else text
