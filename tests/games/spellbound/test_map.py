"""The map as a networkx graph (SB-030, SB-150, SB-902)."""

import networkx as nx
import pytest

from .helpers import CAT, GAME, playing, start


def test_map_graph_nodes_carry_kind_xy_name():
    """SB-902: every node has kind, x, y and name."""
    g = GAME.map_graph()
    assert isinstance(g, nx.Graph)
    for node, attrs in g.nodes(data=True):
        assert {"kind", "x", "y", "name"} <= set(attrs), node
    kinds = {k for _, k in g.nodes(data="kind")}
    assert kinds == {"city", "wilderness", "village", "track", "witch_path", "mountain_top"}


def test_map_has_four_cities_twelve_villages_one_wilderness():
    """SB-030, SB-902 (facts 1.2): 4 cities, 12 villages, the Wilds."""
    g = GAME.map_graph()
    count = lambda kind: sum(1 for _, k in g.nodes(data="kind") if k == kind)  # noqa: E731
    assert (count("city"), count("village"), count("wilderness"), count("mountain_top")) == (4, 12, 1, 1)


def test_map_connected_and_every_village_reachable():
    """SB-902: the whole graph and the movement graph are connected."""
    assert nx.is_connected(GAME.map_graph())
    moves = GAME.movement_graph()
    assert nx.is_connected(moves)
    for v in CAT.villages:
        assert nx.has_path(moves, "wild", v)


def test_no_road_joins_two_cities():
    """SB-150: the map never joins two cities directly."""
    g = GAME.map_graph()
    for a, b, kind in g.edges(data="kind"):
        if kind == "road":
            assert not (g.nodes[a]["kind"] == "city" and g.nodes[b]["kind"] == "city"), (a, b)


def test_track_lengths_and_goals_as_in_data():
    """SB-030, SB-902: each track's spaces, book start and goals follow data/map.toml."""
    g = GAME.map_graph()
    for t in CAT.tracks:
        spaces = [n for n, d in g.nodes(data=True) if d.get("track") == t.id]
        assert len(spaces) == t.length
        assert g.nodes[f"{t.id}:{t.book_goal}"]["goal"].startswith("book_goal")
        assert "pursuer_goal" in g.nodes[f"{t.id}:{t.pursuer_goal}"]["goal"]
        assert g.nodes[f"{t.id}:{t.book_start}"]["book_start"] and t.book_start == 4
    assert [t.pursuer for t in CAT.tracks].count("hat") == 4 and [t.pursuer for t in CAT.tracks].count("troll") == 1


def test_each_city_has_one_track_and_the_wilds_the_troll():
    """SB-030: every city region has one witch-hat track, the wilderness the troll track."""
    regions = {t.region: t.pursuer for t in CAT.tracks}
    assert {c: regions[c] for c in CAT.cities} == {c: "hat" for c in CAT.cities}
    assert regions["wild"] == "troll"


def test_witch_path_ends_on_the_mountain_top():
    """SB-040, SB-904: the witch's path ends on the mountain top."""
    g = GAME.map_graph()
    path = sorted((d["level"], n) for n, d in g.nodes(data=True) if "level" in d)
    assert g.nodes[path[-1][1]]["kind"] == "mountain_top" and len(path) == len(CAT.levels)


def test_shortest_path_from_city_to_city_passes_a_non_city():
    """SB-150: a way between two cities always has a village or the Wilds in between."""
    moves = GAME.movement_graph()
    path = nx.shortest_path(moves, "rose", "green")
    assert len(path) >= 3 and moves.nodes[path[1]]["kind"] != "city"


def test_map_graph_with_state_places_pieces():
    """SB-040: with a state the graph shows mages, books, pursuers, witch and the tower village."""
    s = start(players=3)
    g = GAME.map_graph(s)
    assert g.nodes["wild"]["mages"] == (0, 1, 2)
    assert g.nodes["rose:4"]["book"] and g.nodes["rose:1"]["pursuer"] == "hat"
    assert g.nodes["wild:1"]["pursuer"] == "troll" and g.nodes["witch:0"]["witch"]
    assert all("card" in g.nodes[v] for v in CAT.villages)


@pytest.mark.parametrize("here", ["rose", "wild", "v01"])
def test_step_actions_follow_the_movement_graph(here):
    """SB-140, SB-905: the step actions are exactly the road neighbours (minus cities from a city)."""
    s = playing(mages=(here, "wild"), movement=1)
    steps = {a.args[0] for a in s.legal_actions() if a.kind == "step"}
    moves = GAME.movement_graph()
    expected = {n for n in moves[here] if not (moves.nodes[here]["kind"] == "city" == moves.nodes[n]["kind"])}
    assert steps == expected


def test_movement_graph_order_is_stable():
    """SB-905: the movement graph lists spaces and roads in data order, so shortest paths tie-break alike
    in every process (a save file replays the same, the notebook prints the same)."""
    moves = GAME.movement_graph()
    assert list(moves.nodes) == list(CAT.spaces)
    assert {frozenset(e) for e in moves.edges} == {frozenset(r) for r in CAT.roads}
