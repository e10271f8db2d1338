"""Server guards without a browser (issue 24, items 4 and 8): token redaction, template paths, loopback hosts."""

from __future__ import annotations

import logging

import pytest

pytest.importorskip("voila")
from tornado import web  # noqa: E402

from rulekit.serve.dashboard import allowed_hosts, shown_host  # noqa: E402
from rulekit.serve.guards import Redact, SafeTemplateStatic, redact  # noqa: E402


@pytest.mark.parametrize(
    "line",
    [
        "GET /voila/render/x.ipynb?token=abc123 200",
        "GET /?foo=1&token=abc123&bar=2",
        '{"QUERY_STRING": "token=abc123"}',
        "Authorization: token: abc123",
    ],
)
def test_tokens_are_redacted_from_log_lines(line):
    assert "abc123" not in redact(line) and "[redacted]" in redact(line)


def test_the_log_filter_rewrites_records():
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "open %s", ("/?token=s3cret",), None)
    assert Redact().filter(record) and "s3cret" not in record.getMessage()


@pytest.mark.parametrize(
    "path",
    [
        "lab/static/../../../etc/passwd",
        "lab/static/..%2f..%2f..%2fetc/passwd".replace("%2f", "/"),
        "../lab/static/x",
        "lab",
        "lab/",
        "lab/notstatic/x",
        "lab/static/a\\..\\..\\x",
        "/etc/passwd",
    ],
)
def test_escaping_template_paths_are_404(path):
    handler = SafeTemplateStatic.__new__(SafeTemplateStatic)
    with pytest.raises(web.HTTPError) as err:
        handler.parse_url_path(path)
    assert err.value.status_code == 404


@pytest.mark.parametrize("host", ["127.0.0.2", "127.1.2.3", "::1"])
def test_every_loopback_address_answers_to_itself_and_is_printed(host):
    names = allowed_hosts(host)
    assert host in names
    shown = shown_host(host, names)
    assert shown.strip("[]") == host and shown != "localhost"


def test_the_usual_loopback_is_shown_as_localhost():
    assert shown_host("127.0.0.1", allowed_hosts("127.0.0.1")) == "localhost"
