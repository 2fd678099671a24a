"""Tool specs for blind set K. The harness builds manuals/*.json from these.
A command uses §name§ as shorthand for the placeholder UTCP_ARG_name_UTCP_END.
Markers in args/checks: {C} canary path, {P} pwn path, {W} write-marker path, {WS} workspace, {S} secret file."""
import re
WS = "/tmp/blindK_ws"
TOOLS = []

def ph(s):
    return re.sub(r"§([A-Za-z0-9_]+)§", r"UTCP_ARG_\1_UTCP_END", s)

class T:
    def __init__(s, manual, name, cat, cmds, args, desc="", benign=None, payload=None, check=(),
                 expect=(), env=None, wd=None, idiom="", progs=(), hostile_extra=(), hostile_args=None,
                 variables=None, noread=True, val_opts=(), val_prefixes=(), safe_check=(), inherit=None):
        s.manual, s.name, s.cat, s.args, s.desc = manual, name, cat, args, desc
        s.cmds = [c if isinstance(c, tuple) else (c, None) for c in cmds]
        s.benign, s.payload, s.check, s.expect = benign or {}, payload or {}, list(check), list(expect)
        s.env, s.wd, s.idiom, s.progs = env, wd, idiom, list(progs)
        s.hostile_extra, s.hostile_args = list(hostile_extra), hostile_args
        s.variables = {f"{manual.replace('_', '__')}_{k}": v for k, v in (variables or {}).items()}
        s.noread, s.val_opts, s.val_prefixes, s.safe_check, s.inherit = noread, set(val_opts), tuple(val_prefixes), list(safe_check), inherit
        s.canary = f"/tmp/blindK_canary_{name}"
        s.pwn = f"/tmp/blindK_pwn_{name}"
        s.wmark = f"/tmp/blindK_w_{name}"
        TOOLS.append(s)

    def tool_json(s):
        steps = []
        for c, app in s.cmds:
            st = {"command": ph(c)}
            if app is not None:
                st["append_to_final_output"] = app
            steps.append(st)
        tpl = {"call_template_type": "cli", "name": s.name, "commands": steps}
        if s.env is not None: tpl["env_vars"] = s.env
        if s.wd is not None: tpl["working_dir"] = s.wd
        if s.inherit is not None: tpl["inherit_env_vars"] = s.inherit
        props = {k: ({"type": "string", "description": v} if isinstance(v, str) else v) for k, v in s.args.items()}
        return {"name": s.name, "description": s.desc or s.name.replace("_", " "),
                "inputs": {"type": "object", "properties": props, "required": list(props)},
                "outputs": {"type": "string", "description": "command output"},
                "tags": [s.manual] + s.progs[:2], "tool_call_template": tpl}

import spec_a, spec_b, spec_c  # noqa: E402,F401
