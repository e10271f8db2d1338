"""Each widget test starts on a fresh page: tables of earlier tests do not follow its language switch."""

import pytest

from rulekit.widgets import page_lang


@pytest.fixture(autouse=True)
def _fresh_page():
    page_lang.leave_all()
    yield
    page_lang.leave_all()
