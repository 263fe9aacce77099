"""A student who codes, attacking their own notebook's kernel (run as a notebook cell).

``attack(targets, seconds)`` walks every object reachable from the kernel's globals and
from every loaded ``nekolib`` module (and every live object of a nekolib class), reading
each attribute (properties run), and reports which target answers it met. Then it looks
for digests in the notebook's cells (hex strings beside the exercise's key and seed) and
brute-forces them over p/q with q <= 10 000 for at most ``seconds``.
The targets (canonical answers) only let the attacker *recognise* an answer.
"""


def attack(targets, seconds):  # one self-contained cell
    import ast
    import gc
    import json
    import sys
    import time
    from fractions import Fraction

    found = {}

    def canonical(value):
        if isinstance(value, bool):
            return None
        if isinstance(value, (int, Fraction)):
            return str(Fraction(value))
        if isinstance(value, str):
            return value.strip().lower()
        if isinstance(value, (set, frozenset)) and value and all(isinstance(v, str) for v in value):
            return ",".join(sorted(v.lower() for v in value))
        return None

    def note(value, where):
        try:
            text = canonical(value)
        except Exception:
            return
        if text is not None and text in targets and text not in found:
            found[text] = where

    seen = set()
    alive = []  # keep every walked object alive, so no later object reuses a seen id

    def walk(obj, where, depth):
        if id(obj) in seen or depth > 4:
            return
        seen.add(id(obj))
        alive.append(obj)
        note(obj, where)
        if isinstance(obj, (str, bytes, int, float, Fraction, type(None))):
            return
        if isinstance(obj, dict):
            items = list(obj.items())[:2000]
            for key, value in items:
                walk(value, f"{where}[{key!r}]", depth + 1)
            return
        if isinstance(obj, (list, tuple, set, frozenset)):
            for i, value in enumerate(list(obj)[:2000]):
                walk(value, f"{where}[{i}]", depth + 1)
            return
        module = str(getattr(type(obj), "__module__", ""))
        mine = module.startswith("nekolib") or str(getattr(obj, "__name__", "")).startswith(
            "nekolib"
        )
        if not mine and depth > 0:
            return
        for name in dir(obj)[:400]:
            if name.startswith("__"):
                continue
            try:
                value = getattr(obj, name)
            except Exception:
                continue
            if callable(value) and not isinstance(value, type):
                continue
            walk(value, f"{where}.{name}", depth + 1)

    start = time.time()
    user = {k: v for k, v in globals().items() if not k.startswith("_") and k != "attack"}
    walk(user, "globals()", 0)
    for name, module in list(sys.modules.items()):
        if name.startswith("nekolib"):
            walk(module, name, 0)
    for obj in gc.get_objects():
        if str(getattr(type(obj), "__module__", "")).startswith("nekolib"):
            walk(obj, f"<{type(obj).__name__}>", 0)
    walk_seconds = time.time() - start

    # Digests: every call in the notebook's cells with a 16+ hex-digit string argument.
    guesses = 0
    start = time.time()
    calls = []
    for source in globals().get("In", []):
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                args = [a.value for a in node.args if isinstance(a, ast.Constant)]
                if any(
                    isinstance(a, str) and len(a) >= 16 and all(c in "0123456789abcdef" for c in a)
                    for a in args
                ):
                    calls.append(args)
    candidates = []
    for args in calls:
        if len(args) >= 3 and isinstance(args[1], int):  # practice: Check(key, seed, digest)
            from nekolib.classroom.exercise import digest_of

            key, seed, digest = args[:3]
            candidates.append((lambda c, k=key, s=seed: digest_of(k, s, c), digest))
        elif len(args) >= 3:  # graded right/wrong: verify(answer, kind, salt, digest)
            from nekolib.classroom.graded import keyed_digest

            salt, digest = args[1], args[2]
            candidates.append((lambda c, s=salt: keyed_digest(s, c), digest))
    done = False
    for q in range(1, 10_001):
        for p in range(0, q + 1):
            if Fraction(p, q).denominator != q:
                continue
            text = str(Fraction(p, q))
            for make, digest in candidates:
                guesses += 1
                if make(text) == digest and text in targets:
                    found.setdefault(text, "digest brute force")
            if time.time() - start > seconds:
                done = True
                break
        if done or not candidates:
            break
    print(
        "ATTACK "
        + json.dumps(
            {
                "found": found,
                "walked": len(seen),
                "walk_seconds": round(walk_seconds, 2),
                "digests": len(candidates),
                "guesses": guesses,
                "brute_seconds": round(time.time() - start, 2),
            }
        )
    )
