"""Fuzzing save files and typed actions (issue 9, item 4).

Every input from outside either loads into a valid state or is refused
with ``SaveFileError``/``UnknownGame`` (save files) or ``IllegalAction``/
``ValueError`` (typed actions) carrying a clear message. Nothing else may
escape, and the state a refusal happens on stays as it was.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulekit
from rulekit.engine import Action, Dice, IllegalAction, Record, SaveFileError, State, UnknownGame

from ..interop.cases import game_params

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
JUNK = [None, True, -1, 2**70, 1.5, "", "x", [], {}, [1, "a"], {"a": 1}]
FIELDS = ["format", "version", "game", "players", "seed", "options", "actions", "auto_steps", "snapshot"]


def _mid_game(game, players: int | None = None, seed: int = 3, moves: int = 12) -> State:
    state = game.new(players=players or game.players.start, seed=seed)
    dice = Dice(seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_actions()
        state = state.apply(legal[dice.below(len(legal))])
    return state


def _load(game, text: str) -> State | None:
    """Load ``text`` as a save file; return the state, or None after a clear refusal."""
    try:
        return game.from_json(text)
    except (SaveFileError, UnknownGame) as err:
        message = str(err)
        assert message and "Traceback" not in message
        return None


def _assert_loaded_state_is_sound(game, state: State | None) -> None:
    if state is not None:
        assert game.invariants(state) == []
        assert game.from_json(state.to_json()) == state


@pytest.mark.parametrize("game", game_params())
def test_truncated_save_files_are_refused(game):
    text = _mid_game(game).to_json()

    @SETTINGS
    @given(cut=st.integers(0, len(text) - 1))
    def prop(cut):
        assert _load(game, text[:cut]) is None

    prop()


@pytest.mark.parametrize("game", game_params())
@pytest.mark.parametrize("field", FIELDS)
def test_wrong_types_in_every_field_are_refused_or_harmless(game, field):
    doc = json.loads(_mid_game(game).to_json())
    for junk in JUNK:
        bad = {**doc, field: junk}
        _assert_loaded_state_is_sound(game, _load(game, json.dumps(bad)))
        missing = {k: v for k, v in doc.items() if k != field}
        _assert_loaded_state_is_sound(game, _load(game, json.dumps(missing)))


@pytest.mark.parametrize("game", game_params())
def test_unknown_game_and_wrong_version_are_named(game, tmp_path: Path):
    doc = json.loads(_mid_game(game).to_json())
    with pytest.raises(SaveFileError, match="version"):
        game.from_json(json.dumps({**doc, "version": 2}))
    with pytest.raises(SaveFileError, match="no_such_game"):
        game.from_json(json.dumps({**doc, "game": "no_such_game"}))
    path = tmp_path / "save.json"
    path.write_text(json.dumps({**doc, "game": "no_such_game"}), encoding="utf-8")
    with pytest.raises(UnknownGame, match="no_such_game"):
        rulekit.open_record(str(path))
    with pytest.raises(SaveFileError, match="cannot read"):
        rulekit.open_record(str(tmp_path / "missing.json"))
    path.write_text(json.dumps({**doc, "snapshot": {"edited": True}}), encoding="utf-8")
    with pytest.raises(SaveFileError, match="snapshot"):
        game.from_record(Record.load(path))
    if game.id in rulekit.games():  # the CLI's ``replay`` opens files this way
        with pytest.raises(SaveFileError, match="snapshot"):
            rulekit.open_record(str(path))
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveFileError):
        rulekit.open_record(str(path))


@pytest.mark.parametrize("game", game_params())
def test_tampered_actions_are_refused_or_replay_consistently(game):
    doc = json.loads(_mid_game(game, moves=20).to_json())
    actions = doc["actions"]

    @SETTINGS
    @given(
        edit=st.sampled_from(["drop", "swap", "dup", "replace", "append"]),
        i=st.integers(0, 10**6),
        label=st.text(min_size=0, max_size=12),
    )
    def prop(edit, i, label):
        acts = list(actions)
        k = i % max(1, len(acts))
        if edit == "drop" and acts:
            del acts[k]
        elif edit == "swap" and len(acts) > 1:
            acts[k], acts[k - 1] = acts[k - 1], acts[k]
        elif edit == "dup" and acts:
            acts.insert(k, acts[k])
        elif edit == "replace" and acts:
            acts[k] = label
        else:
            acts.append(label)
        for snapshot in (True, False):
            bad = {**doc, "actions": acts}
            if not snapshot:
                bad.pop("snapshot")
            state = _load(game, json.dumps(bad))
            _assert_loaded_state_is_sound(game, state)
            if state is not None and snapshot:
                # a tampered file that still loads must be the same game as the snapshot says
                assert json.loads(json.dumps(game.snapshot(state))) == doc["snapshot"] or acts == actions

    prop()


def _leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


@pytest.mark.parametrize("game", game_params())
def test_tampered_snapshot_is_detected(game):
    doc = json.loads(_mid_game(game).to_json())
    leaves = [p for p, v in _leaves(doc["snapshot"]) if isinstance(v, int | str) and not isinstance(v, bool)]

    @SETTINGS
    @given(i=st.integers(0, 10**6))
    def prop(i):
        path = leaves[i % len(leaves)]
        bad = json.loads(json.dumps(doc))
        node = bad["snapshot"]
        for key in path[:-1]:
            node = node[key]
        old = node[path[-1]]
        node[path[-1]] = old + 1 if isinstance(old, int) else old + "~"
        with pytest.raises(SaveFileError, match="snapshot"):
            game.from_json(json.dumps(bad))

    prop()


@pytest.mark.parametrize("game", game_params())
def test_typed_action_labels_give_illegal_action_or_value_error(game):
    state = _mid_game(game, moves=6)
    legal = [str(a) for a in state.legal_actions()] or ["pass"]
    before = state.to_json()

    @SETTINGS
    @given(
        text=st.one_of(
            st.text(max_size=30),
            st.sampled_from(legal).map(lambda s: s + " 1"),
            st.sampled_from(legal).flatmap(lambda s: st.just(s.split()[0]) | st.text(max_size=5).map(lambda t: s + t)),
            st.from_regex(r"[a-z_]{1,10}( -?[0-9]{1,25}| [a-zA-Z²³١]{1,4}){0,3}", fullmatch=True),
        )
    )
    def prop(text):
        try:
            action = Action.parse(text)
            state.apply(action)
        except IllegalAction as err:
            assert err.rule and err.reason
        except ValueError as err:
            assert str(err)
        assert state.to_json() == before

    prop()


@pytest.mark.parametrize("game", game_params())
def test_json_form_actions_give_illegal_action_or_value_error(game):
    state = _mid_game(game, moves=6)
    scalars = st.one_of(st.integers(), st.text(max_size=8), st.booleans(), st.none(), st.floats(allow_nan=True))

    @SETTINGS
    @given(value=st.one_of(scalars, st.lists(scalars, max_size=5), st.dictionaries(st.text(max_size=3), scalars)))
    def prop(value):
        try:
            state.apply(value)
        except (IllegalAction, ValueError) as err:
            assert str(err)

    prop()


def test_record_round_trips_through_a_file(tmp_path: Path):
    from ..interop.cases import TOY

    state = _mid_game(TOY, moves=5)
    path = tmp_path / "game.json"
    state.record().save(path)
    assert TOY.replay(Record.load(path)) == state
