"""The safe YAML 1.2 reader: meanings, refusals, limits and positions."""

import pytest
from hypothesis import given, settings, strategies as st

from dosrules.errors import DosrulesError
from dosrules.ruleset.yaml12 import MAX_BYTES, MAX_DEPTH, dump_yaml, read_text, read_yaml


def read(text: str):
    return read_yaml("t.yaml", text=text).data


def error(text: str) -> str:
    with pytest.raises(DosrulesError) as caught:
        read(text)
    return caught.value.paragraph()


@pytest.mark.parametrize("text, value", [
    ("no", "no"), ("on", "on"), ("NO", "NO"), ("yes", "yes"), ("off", "off"), ("y", "y"),
    ("true", True), ("false", False), ("True", True), ("FALSE", False),
    ("010", 10), ("0o17", 15), ("0x1f", 31), ("-3", -3), ("1_000", "1_000"),
    ("2001-12-14", "2001-12-14"), ("12:30:00", "12:30:00"), ("1e3", 1000.0),
    ("~", None), ("null", None), ('"true"', "true"), ("'010'", "010"),
])
def test_plain_scalars_have_yaml_1_2_meanings(text, value):
    assert read(f"a: {text}") == {"a": value}


def test_keys_are_kept_as_written():
    assert read("numbers: {1: 3, 010: 2, '7': 1}") == {"numbers": {"1": 3, "010": 2, "7": 1}}


@pytest.mark.parametrize("text, message", [
    ("a: !!python/object/apply:os.system [ls]", "t.yaml:1:4: the tag '!!python/object/apply:os.system' is not allowed."),
    ("a: !!str 5", "t.yaml:1:4: the tag '!!str' is not allowed."),
    ("a: !custom 5", "t.yaml:1:4: the tag '!custom' is not allowed."),
    ("a: &x 1\nb: 2", "t.yaml:1:4: anchor '&x' is not allowed."),
    ("a: [1]\nb: *x", "t.yaml:2:4: alias '*x' is not allowed."),
    ("a: 1\nb: 2\na: 3", "t.yaml:3:1: duplicate key 'a' (first at line 1)."),
    ("? [1, 2]\n: 3", "t.yaml:1:3: a key must be a plain word or number, not a list or mapping."),
    ("- 1\n- 2", "t.yaml:1:1: the top level is a list, not a mapping."),
    ("just text", "t.yaml:1:1: the top level is a string, not a mapping."),
    ("~", "t.yaml:1:1: the file is empty (its only value is null)."),
    ("", "t.yaml: the file is empty."),
    ("# only a comment\n\n", "t.yaml: the file is empty."),
    ("a: 1\n---\nb: 2", "t.yaml:2:1: the file holds more than one YAML document."),
    ("a: [1, 2", "t.yaml:2:1: YAML syntax error: did not find expected ',' or ']' (while parsing a flow "
                 "sequence started at line 1)."),
])
def test_refusals_are_one_paragraph_with_a_place(text, message):
    paragraph = error(text)
    assert paragraph.startswith(message)
    assert len(paragraph) > len(message) + 10  # a fix follows


def test_an_alias_is_refused_because_its_anchor_is():
    assert "Anchors and aliases are not supported" in error("a: &x [1]\nb: *x")


def test_nesting_cap():
    deep = "a: " + "[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2)
    assert f"nested more than {MAX_DEPTH} levels deep" in error(deep)
    read("a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1))


def test_every_value_and_key_has_a_position():
    doc = read_yaml("t.yaml", text="a:\n  b: [x, {c: 1}]\n  d: 2\n")
    assert doc.marks[("a", "b", 1, "c")] == (2, 14)
    assert doc.key_marks[("a", "d")] == (3, 3)
    assert str(doc.where(("a", "missing"))) == "t.yaml:2:3"  # nearest parent


def test_file_limits_and_encodings(tmp_path):
    def message(raw: bytes) -> str:
        path = tmp_path / "f.yaml"
        path.write_bytes(raw)
        with pytest.raises(DosrulesError) as caught:
            read_yaml(path, "f.yaml")
        return caught.value.paragraph()

    assert message(b"a: " + b"x" * MAX_BYTES).startswith("f.yaml: the file is larger than the 1024 KiB limit.")
    assert message(b"a: 1\nb: \xff\xfe\n").startswith(
        "f.yaml:2:4: the file is not valid UTF-8 (byte 0xff cannot start or continue a character).")
    assert message("a: 1".encode("utf-16")).startswith("f.yaml:1: the file holds NUL bytes")
    assert message(bytes(range(256))).startswith("f.yaml:1: the file holds NUL bytes")
    assert message(b"a: \x07\n").startswith("f.yaml: YAML error:")
    (tmp_path / "bom.yaml").write_bytes("\ufeffa: é".encode("utf-8"))
    assert read_yaml(tmp_path / "bom.yaml").data == {"a": "é"}


def test_folders_and_missing_files(tmp_path):
    with pytest.raises(DosrulesError, match="this is a folder, not a ruleset file"):
        read_text(tmp_path)
    with pytest.raises(DosrulesError, match="no such file"):
        read_text(tmp_path / "nope.yaml")


scalars = st.one_of(st.text(max_size=30), st.integers(-10**6, 10**6), st.booleans(), st.none())
trees = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(min_size=1, max_size=10), inner, max_size=4)),
    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.text(min_size=1, max_size=10), trees, min_size=1, max_size=5))
def test_dump_yaml_reads_back_equal(data):
    assert read_yaml("t.yaml", text=dump_yaml(data)).data == data
