"""Shared fixtures: the engine's toy race and a small hidden-information card game."""

import pytest

from tests.engine.toy import Toy

from .cards import Cards


@pytest.fixture(scope="session")
def toy():
    return Toy()


@pytest.fixture(scope="session")
def cards():
    return Cards()


@pytest.fixture(scope="session")
def dask_client():
    """A local Dask cluster on loopback (2 worker processes, dashboard on 127.0.0.1)."""
    distributed = pytest.importorskip("distributed")
    client = distributed.Client(
        processes=True, n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address="127.0.0.1:0"
    )
    yield client
    client.close()
