"""The notebook field's page side (src/restroute/jupyter/field.js) run by node, against a
model and a document that record what happens, the way JupyterLab drives a view: keys
typed while the kernel's answers are still on their way must never be overwritten by
them. Node comes with npm (``.ci/run`` installs it); without it this fails, saying so.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import restroute.jupyter

FIELD_JS = Path(restroute.jupyter.__file__).parent / "field.js"
NODE = shutil.which("node")

# A view drawn, keys typed, and the kernel's messages arriving late (as over a busy kernel):
# each step's result is the text in the <input> and the messages the page sent.
SCRIPT = """
const { default: field } = await import(process.argv[2]);
const listeners = {}, handlers = {}, sent = [];
const element = () => ({
  classList: { add() {} }, append() {}, value: "",
  addEventListener(kind, callback) { listeners[kind] = callback; },
});
globalThis.document = { createElement: element };
const traits = { kind: "text", label: "", shown: "", hide_idle: false, rows: 1,
                 placeholder: "", hint: "", disabled: false };
const model = {
  get: (name) => traits[name],
  on(names, callback) { for (const name of names.split(" ")) handlers[name] = callback; },
  off() {},
  send(message) { sent.push(message); },
};
const input = [];
const el = { classList: { add() {} }, append(child) { input.push(child); } };
field.render({ model, el });
const box = input[0];
const steps = [];
const type = (text) => { box.value = text; listeners.input(); };
const hear = (message) => handlers["msg:custom"](message);
type("o"); type("oc"); type("oct"); type("octo");
hear({ value: "", seq: 0 });          // the answer to the view's ask, read before any key
steps.push(box.value);
hear({ value: "oc", seq: 2 });        // set in the kernel after it read two of four edits
steps.push(box.value);
hear({ value: "OCTO", seq: 4 });      // set after it read them all: shows
steps.push(box.value);
hear({ value: "late" });              // no number (an older kernel): shows
steps.push(box.value);
console.log(JSON.stringify({ steps, sent }));
"""


def test_a_value_the_kernel_decided_before_the_last_keys_never_overwrites_them(
    tmp_path: Path,
) -> None:
    assert NODE, "node is missing: apt-get install -y npm (it brings node)"
    script = tmp_path / "drive.mjs"
    script.write_text(SCRIPT)
    module = tmp_path / "field.mjs"  # an ES module, as anywidget loads it
    module.write_text(FIELD_JS.read_text())
    run = subprocess.run(
        [NODE, str(script), module.as_uri()],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)

    assert result["steps"] == ["octo", "octo", "OCTO", "late"]
    assert result["sent"] == [
        {"ask": True, "seq": 0},
        {"typed": "o", "seq": 1},
        {"typed": "oc", "seq": 2},
        {"typed": "oct", "seq": 3},
        {"typed": "octo", "seq": 4},
    ]
