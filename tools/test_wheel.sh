#!/usr/bin/env bash
# make test-wheel: nekolib as a pip user gets it. Builds the sdist and, from it, the wheel;
# checks both as a package index would (twine check, check-wheel-contents); installs the
# wheel into fresh venvs under a mktemp -d folder OUTSIDE the checkout and runs there:
#   Python 3.11, every extra ([all]): the quickstart (each game's board answers a simulated
#     click), --version, notebooks DIR, figures in a temporary cwd (files land there, not in
#     site-packages), a tiny lab run (Dask), lab report's clone sentence, classroom + grade
#     of a two-student class, every copied notebook executed with nbval (NBVAL=0 skips);
#   Python 3.10, 3.12, 3.13 (pyenv; a missing one is skipped, saying so), core only
#     (sympy): --version, notebooks DIR, the one-line message of every missing extra, and the
#     core tests (core, purity, each game's rules, Neko-in's analysis) against the install.
# pip's cache is shared (~/.cache/pip). Prints the time of every step and the total.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PYENV="${PYENV_VERSIONS:-/root/.pyenv/versions}"
PY311="${PY311:-$(ls -d "$PYENV"/3.11.*/bin/python 2>/dev/null | tail -1)}"
PY311="${PY311:-python3.11}"
CORE_PYTHONS="${CORE_PYTHONS:-3.10 3.12 3.13}"  # 3.11: the [all] venv
NBVAL="${NBVAL:-1}"
WORK="$(mktemp -d)"
KEEP="${KEEP:-0}"
cleanup() { if [ "$KEEP" = 1 ]; then echo "test-wheel: kept $WORK"; else rm -rf "$WORK"; fi; }
trap cleanup EXIT
start=$(date +%s)
step=$start
ok() { local now; now=$(date +%s); echo "test-wheel: ok   $1 ($((now - step)) s)"; step=$now; }
fail() { echo "test-wheel: FAIL $1" >&2; exit 1; }
pipq() {  # pip install into venv $1, quietly (shown if it fails); no .pyc: imports write them
  "$1/bin/python" -m pip install --quiet --no-compile --disable-pip-version-check "${@:2}" >"$WORK/pip.log" 2>&1 \
    || { grep -v "^WARNING: Location" "$WORK/pip.log" | tail -20; fail "pip install ${*:2}"; }
}
case "$WORK" in "$ROOT"/*) fail "the work folder $WORK is inside the checkout" ;; esac

# -- build and check ----------------------------------------------------------------------
# The build tools go into the venv that then gets the wheel with every extra (one venv less).
FULL="$WORK/full"
"$PY311" -m venv "$FULL"
pipq "$FULL" "build>=1" "twine>=5" "check-wheel-contents>=0.6"
ok "Python 3.11 venv with build, twine, check-wheel-contents"
"$FULL/bin/python" -m build --outdir "$WORK/dist" "$ROOT" >"$WORK/build.log" 2>&1 \
  || { tail -30 "$WORK/build.log"; fail "python -m build"; }
WHEEL="$(ls "$WORK"/dist/nekolib-*.whl)"
SDIST="$(ls "$WORK"/dist/nekolib-*.tar.gz)"
"$FULL/bin/twine" check --strict "$WHEEL" "$SDIST"
"$FULL/bin/check-wheel-contents" "$WHEEL"
"$FULL/bin/python" - "$WHEEL" "$SDIST" <<'EOF'
import sys, tarfile, zipfile
wheel, sdist = sys.argv[1:]
names = zipfile.ZipFile(wheel).namelist()
unpacked = sum(i.file_size for i in zipfile.ZipFile(wheel).infolist())
games = ["indovina_gatto", "manekinecollection", "neko_boss", "neko_in"]
missing = [g for g in games if f"nekolib/_notebooks/{g}.ipynb" not in names]
assert not missing, f"notebooks missing from the wheel: {missing}"
assert "nekolib/_notebooks/balance_lab.ipynb" not in names
pictures = [n for n in names if n.startswith("nekolib/_figures/")]
assert "nekolib/_figures/neko_in_brawl_odds.png" in pictures and len(pictures) >= 10, pictures
assert not [n for n in pictures if "_lab_" in n], pictures
assert any(n.endswith("licenses/LICENSE") for n in names), "no LICENSE in the wheel"
in_sdist = tarfile.open(sdist).getnames()
assert not [n for n in in_sdist if "/tests/" in n], "tests in the sdist"
import os
print(f"test-wheel: wheel {os.path.getsize(wheel) / 1e6:.2f} MB ({len(names)} files,"
      f" {unpacked / 1e6:.2f} MB unpacked); sdist {os.path.getsize(sdist) / 1e6:.2f} MB")
EOF
ok "build sdist + wheel from it, twine check, check-wheel-contents, contents"
VERSION="$("$FULL/bin/python" -c "import sys; print(sys.argv[1].split('-')[1])" "$(basename "$WHEEL")")"

# -- checks run in one venv (cwd: a fresh folder) -------------------------------------------
installed_here() {  # the nekolib imported is the venv's, not the checkout's
  (cd "$2" && "$1/bin/python" -c "
import nekolib, sys
assert nekolib.__file__.startswith(sys.prefix), nekolib.__file__
assert nekolib.__version__ == '$VERSION', nekolib.__version__") || fail "$1: nekolib not from the wheel"
  [ "$("$1/bin/nekolib" --version)" = "nekolib $VERSION" ] || fail "$1: nekolib --version"
}

copy_notebooks() {  # nekolib notebooks DIR copies the four game notebooks
  (cd "$2" && "$1/bin/nekolib" notebooks nbs >"$2/notebooks.out") || fail "nekolib notebooks"
  grep -q "copied 4 notebooks into $2/nbs" "$2/notebooks.out" || fail "notebooks: $(cat "$2/notebooks.out")"
  [ "$(ls "$2/nbs" | tr '\n' ' ')" = "indovina_gatto.ipynb manekinecollection.ipynb neko_boss.ipynb neko_in.ipynb " ] \
    || fail "notebooks copied: $(ls "$2/nbs")"
  grep -q "balance_lab.ipynb) is not installed" "$2/notebooks.out" || fail "no clone sentence"
}

missing_extra() {  # $1 venv, $2 cwd, $3 extra, then the command: one line naming the install
  local venv=$1 cwd=$2 extra=$3 out
  shift 3
  set +e
  out="$(cd "$cwd" && "$@" 2>&1)"
  local code=$?
  set -e
  [ "$code" -eq 2 ] || fail "$*: exit $code, expected 2: $out"
  [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "$*: not one line: $out"
  case "$out" in *"pip install 'nekolib[$extra]'"*) ;; *) fail "$*: $out" ;; esac
}

class_round() {  # $1 venv, $2 cwd: classroom for two students, a1 answers one right, grade
  local venv=$1 cwd=$2 code flag
  printf 'id,name\na1,Ann\nb2,Bob\n' >"$cwd/roster.csv"
  (cd "$cwd" && "$venv/bin/nekolib" classroom --roster roster.csv --games neko_in --quiet >"$cwd/class.out" 2>&1) \
    || { cat "$cwd/class.out"; fail "classroom"; }
  ls "$cwd"/classroom/students/a1/neko_in*.ipynb "$cwd"/classroom/students/b2/neko_in*.ipynb >/dev/null \
    || fail "classroom: no student notebooks under the cwd"
  "$venv/bin/python" - "$cwd" <<'PY' || fail "answering a1's first exercise"
import csv, pathlib, sys
import nbformat
run = pathlib.Path(sys.argv[1])
with open(run / "classroom/teacher/answer_key.csv", newline="") as f:
    key = next(r for r in csv.DictReader(f) if (r["student"], r["exercise"]) == ("a1", "1"))
(path,) = (run / "classroom/students/a1").glob("neko_in*.ipynb")
nb = nbformat.read(path, 4)
cell = next(c for c in nb.cells if c.source.startswith("answer_1 = None"))
cell.source = f'answer_1 = Fraction("{key["answer"]}")  # the right answer'
nbformat.write(nb, path)
PY
  grade=("$venv/bin/nekolib" grade classroom/students --key classroom/teacher/answer_key.csv --quiet)
  set +e
  (cd "$cwd" && "${grade[@]}" >"$cwd/grade.out" 2>&1)
  code=$?
  set -e
  if [ "$code" -ne 0 ]; then
    flag="$("$venv/bin/nekolib" grade --help | grep -oE -- '--(unsafe|no-sandbox)[a-z-]*' | head -1 || true)"
    [ -n "$flag" ] || { cat "$cwd/grade.out"; fail "grade"; }
    echo "test-wheel: grade needs $flag here (no sandbox): $(tail -1 "$cwd/grade.out")"
    (cd "$cwd" && "${grade[@]}" "$flag" >"$cwd/grade.out" 2>&1) || { cat "$cwd/grade.out"; fail "grade"; }
  fi
  grep -q "2 notebooks graded -> grades.csv" "$cwd/grade.out" || fail "grade: $(cat "$cwd/grade.out")"
  grep -qE '^a1 +1 / ' "$cwd/grade.out" && grep -qE '^b2 +0 / ' "$cwd/grade.out" \
    || fail "grade: a1 answered one exercise right, b2 none: $(cat "$cwd/grade.out")"
}

core_venv() {  # $1 python; the wheel alone (sympy), then the core tests
  local py=$1 venv cwd tag
  tag="$("$py" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
  venv="$WORK/core-$tag"
  cwd="$WORK/run-core-$tag"
  mkdir -p "$cwd"
  "$py" -m venv "$venv"
  pipq "$venv" "$WHEEL" "pytest>=8"
  [ "$("$venv/bin/python" -m pip freeze | grep -ciE '^(ipywidgets|matplotlib|nbformat|dask|numba)=')" = 0 ] \
    || fail "core install pulled an extra in"
  installed_here "$venv" "$cwd"
  copy_notebooks "$venv" "$cwd"
  local nb="$venv/bin/nekolib"
  missing_extra "$venv" "$cwd" widgets "$venv/bin/python" -c \
    "from nekolib import play; from nekolib.core import NekoError
try:
    play('neko_in')
except NekoError as e:
    raise SystemExit(print(e) or 2)"
  printf 'id,name\na1,Ann\nb2,Bob\n' >"$cwd/roster.csv"
  missing_extra "$venv" "$cwd" charts "$nb" figures
  missing_extra "$venv" "$cwd" classroom "$nb" classroom --roster roster.csv
  missing_extra "$venv" "$cwd" classroom "$nb" grade .
  missing_extra "$venv" "$cwd" lab "$nb" lab run x.toml
  missing_extra "$venv" "$cwd" notebook "$nb" open neko_in
  missing_extra "$venv" "$cwd" app "$nb" app neko_in
  [ ! -e "$cwd/figures" ] && [ ! -e "$cwd/classroom" ] || fail "a refused command wrote files"
  (cd "$cwd" && "$venv/bin/python" -c "
from nekolib.neko_in.charts import brawl_odds_figure
fig = brawl_odds_figure()  # no matplotlib: the committed picture shipped in the wheel
assert type(fig).__name__ == 'CommittedFigure' and fig.png()[:4] == b'\x89PNG', fig
assert '/site-packages/nekolib/_figures/' in str(fig.path), fig.path") \
    || fail "Python $tag: no shipped chart picture without matplotlib"
  # lab run --serial needs no Dask (tomli on 3.10): the lock's UTC time works on each Python.
  [ "$tag" != 3.10 ] || pipq "$venv" "tomli>=2"
  printf 'name = "tiny"\ngame = "neko_boss"\nplayers = 2\nseats = ["random", "greedy"]\ngames = 4\nseed = 1\n' >"$cwd/tiny.toml"
  (cd "$cwd" && "$nb" lab run tiny.toml --serial --quiet >"$cwd/lab.out" 2>&1) \
    || { cat "$cwd/lab.out"; fail "Python $tag: lab run --serial"; }
  [ "$(wc -l <"$cwd/results/tiny.jsonl")" -eq 5 ] || fail "Python $tag: lab run: not 4 games + header"
  # The core tests, copied out (a conftest in the checkout would put it on sys.path).
  local tests="$cwd/core-tests"
  mkdir -p "$tests"
  local t
  for t in _toy test_core test_core_purity test_neko_in_rules test_neko_boss_rules \
    test_manekinecollection_rules test_indovina_gatto_rules test_neko_in_analysis; do
    cp "$ROOT/tests/$t.py" "$tests/"
  done
  printf '[pytest]\nmarkers =\n    slow: long\n    browser: browser\n' >"$tests/pytest.ini"
  (cd "$tests" && "$venv/bin/python" -m pytest -p no:cacheprovider -q -x -m "not slow" \
    -k "not assumptions_file" . >"$cwd/pytest.out" 2>&1) \
    || { tail -30 "$cwd/pytest.out"; fail "core tests on Python $tag"; }
  if [ "$tag" = "${CLASSROOM_PYTHON:-3.12}" ]; then  # the [classroom] extra alone makes and grades
    pipq "$venv" "$WHEEL[classroom]"
    [ "$("$venv/bin/python" -m pip freeze | grep -ciE '^(jupyterlab|notebook|numba|matplotlib|dask)=')" = 0 ] \
      || fail "[classroom] pulled JupyterLab, numba, matplotlib or dask in"
    class_round "$venv" "$cwd"
    echo "test-wheel: Python $tag + [classroom] alone (no JupyterLab, numba, matplotlib): classroom + grade"
  fi
  ok "Python $tag core install: --version, notebooks, 7 missing-extra lines, shipped chart picture, lab run --serial, $(tail -1 "$cwd/pytest.out")"
}

# -- Python 3.11, every extra -----------------------------------------------------------------
RUN="$WORK/run-full"
mkdir -p "$RUN"
pipq "$FULL" "$WHEEL[all]" "nbval>=0.11" "pytest>=8"
ok "Python 3.11 install of nekolib[all]"
installed_here "$FULL" "$RUN"
SITE="$(cd "$RUN" && "$FULL/bin/python" -c 'import nekolib, pathlib; print(pathlib.Path(nekolib.__file__).parent)')"
case "$SITE" in "$FULL"/*) ;; *) fail "nekolib imported from $SITE, not from $FULL" ;; esac
(cd "$RUN" && "$FULL/bin/python" - <<'EOF') || fail "quickstart"
import importlib
from nekolib import play

for game in ["indovina_gatto", "manekinecollection", "neko_boss", "neko_in"]:
    board = play(game)  # the README's quickstart
    clicks = importlib.import_module(f"nekolib.{game}.clicks").click_paths(board.state)
    action = clicks.actions()[0]
    before = board.board.svg
    for element in clicks.paths[action][0]:  # what the front end sends on a click
        board.board.receive({"event": "click", "id": element})
    assert board.match.actions[:1] == [action], (game, board.match.actions)
    assert board.board.svg != before
print("test-wheel: the quickstart board of each game played the clicked move")
EOF
copy_notebooks "$FULL" "$RUN"
ok "quickstart (4 boards answer a click), --version, notebooks DIR"

(cd "$RUN" && "$FULL/bin/nekolib" figures --only neko_in_ --quiet >"$RUN/figures.out") || fail "figures"
grep -q "files written under $RUN/figures" "$RUN/figures.out" || fail "figures: $(tail -1 "$RUN/figures.out")"
[ "$(ls "$RUN"/figures/*.png | wc -l)" -ge 3 ] || fail "figures: too few PNGs in $RUN/figures"
[ ! -e "$SITE/../figures" ] && [ ! -e "$SITE/figures" ] || fail "figures written into site-packages"
ok "figures --only neko_in_: $(ls "$RUN"/figures | wc -l) files under the cwd, none in site-packages"

cat >"$RUN/tiny.toml" <<'EOF'
name = "tiny"
game = "neko_in"
players = 3
seats = ["random", "greedy", "random"]
games = 6
seed = 1
EOF
(cd "$RUN" && "$FULL/bin/nekolib" lab run tiny.toml --workers 1 --quiet >"$RUN/lab.out" 2>&1) \
  || { cat "$RUN/lab.out"; fail "lab run"; }
[ "$(wc -l <"$RUN/results/tiny.jsonl")" -eq 7 ] || fail "lab run: not 6 games + header"
grep -q "results: $RUN/results/tiny.jsonl" "$RUN/lab.out" || fail "lab run does not say where"
set +e
(cd "$RUN" && "$FULL/bin/nekolib" lab report neko_in >"$RUN/report.out" 2>&1)
set -e
grep -q "run lab report in a clone" "$RUN/report.out" || fail "lab report: $(cat "$RUN/report.out")"
ok "lab run of 6 games on Dask (./results), lab report names the clone"

class_round "$FULL" "$RUN"
ok "classroom of 2 students + grade: a1 1 point (one right answer), b2 0 (./classroom, ./grades.csv)"

if [ "$NBVAL" = 1 ]; then
  cp "$ROOT/tests/nbval_sanitize.cfg" "$RUN/"
  (cd "$RUN/nbs" && "$FULL/bin/python" -m pytest -p no:cacheprovider -q --nbval \
    --nbval-sanitize-with ../nbval_sanitize.cfg . >"$RUN/nbval.out" 2>&1) \
    || { tail -40 "$RUN/nbval.out"; fail "nbval of the copied notebooks"; }
  ok "nbval of the 4 copied notebooks: $(tail -1 "$RUN/nbval.out")"
else
  echo "test-wheel: SKIPPED nbval of the copied notebooks (NBVAL=0)"
fi

# nekolib open: JupyterLab from the install serves the copied notebook (127.0.0.1, stopped).
port="$("$FULL/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
(cd "$RUN" && exec setsid "$FULL/bin/nekolib" open neko_boss --dir opened --port "$port" -- \
  --no-browser --ServerApp.ip=127.0.0.1 --IdentityProvider.token=tw >"$RUN/open.out" 2>&1) &
lab_pid=$!
"$FULL/bin/python" - "$port" <<'PY' || { kill -TERM -- -"$lab_pid" 2>/dev/null; cat "$RUN/open.out"; fail "nekolib open"; }
import json, sys, time, urllib.request
url = f"http://127.0.0.1:{sys.argv[1]}/api/contents/neko_boss.ipynb?content=0&token=tw"
for _ in range(120):
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            model = json.load(answer)
        break
    except OSError:
        time.sleep(0.5)
else:
    raise SystemExit("JupyterLab never served neko_boss.ipynb")
assert model["type"] == "notebook" and model["name"] == "neko_boss.ipynb", model
PY
kill -TERM -- -"$lab_pid" 2>/dev/null || true
wait "$lab_pid" 2>/dev/null || true
[ -f "$RUN/opened/neko_boss.ipynb" ] || fail "nekolib open did not copy the notebook"
ok "nekolib open: JupyterLab from the install served the copied notebook on 127.0.0.1, stopped"

# The balance lab's notebook (from a clone) run against the install: one sentence, no traceback.
cp "$ROOT/notebooks/balance_lab.ipynb" "$RUN/"
(cd "$RUN" && "$FULL/bin/python" - <<'PY') || fail "balance_lab.ipynb outside a clone"
import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
nb = nbformat.read("balance_lab.ipynb", 4)
try:
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    raise SystemExit("balance_lab.ipynb ran without its results folder")
except CellExecutionError as error:
    assert "open it in a clone (make lab), not from a pip install" in str(error), error
    assert "FileNotFoundError" not in str(error), error
PY
ok "balance_lab.ipynb run against the install stops with its one sentence"

# -- every Python present, core install ----------------------------------------------------
for v in $CORE_PYTHONS; do
  py="$(ls -d "$PYENV/$v".*/bin/python 2>/dev/null | tail -1)"
  if [ -z "$py" ]; then
    echo "test-wheel: SKIPPED Python $v: no $PYENV/$v.*/bin/python on this machine"
    continue
  fi
  core_venv "$py"
done
echo "test-wheel: passed in $(( $(date +%s) - start )) s (wheel $(basename "$WHEEL"))"
