"""Seeded tournaments give the same result in this process, on local processes and on a Dask cluster."""

import pytest

from zaarlab.tournaments import Tournament, play_games, tournament
from zaarlab.zerzura.bots import BOTS
from zaarlab.zerzura.state import ZerzuraGame

GAME, SEATS = ZerzuraGame(players=3), ["greedy", "planner", "random"]


@pytest.fixture(scope="module")
def serial() -> Tournament:
    return tournament(GAME, BOTS, SEATS, games=12, seed=3, workers=1)


def test_a_serial_series_counts_every_game(serial):
    assert serial.games == 12
    assert sum(serial.wins) + sum(n for _, n in serial.endings) >= 12  # shared wins count for each winner
    assert play_games(GAME, [BOTS[s] for s in SEATS], [3 * 1_000_003]) == \
        [tuple(p for p, r in enumerate(_final(0).returns()) if r > 0)]


def test_local_processes_give_the_same_result_and_report_progress(serial):
    done = []
    assert tournament(GAME, BOTS, SEATS, games=12, seed=3, workers=2, progress=done.append) == serial
    assert done == sorted(done) and done[-1] == 12 and len(done) > 1  # chunk by chunk, as they finish


def test_a_dask_cluster_gives_the_same_result(serial):
    distributed = pytest.importorskip("dask.distributed", reason="the optional extra zaarlab[cluster]")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            assert tournament(GAME, BOTS, SEATS, games=12, seed=3, cluster=client) == serial
        assert tournament(GAME, BOTS, SEATS, games=12, seed=3, cluster=cluster.scheduler_address) == serial


def _final(i: int):
    from zaarlab.core.play import play

    return play(GAME, [BOTS[s] for s in SEATS], seed=3 * 1_000_003 + i).final
