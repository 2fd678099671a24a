ALLT = []
def T(manual, name, cat, cmds, args, desc, benign, payload=None, check=None, expect=None,
      env=None, wd=None, progs=(), idiom="", inherit=None, optargs=()):
    if isinstance(cmds, str): cmds = [cmds]
    ALLT.append(dict(manual=manual, name=name, cat=cat, cmds=cmds, args=args, desc=desc, benign=benign,
                     payload=payload if payload is not None else benign, check=check, expect=expect,
                     env_vars=env, working_dir=wd, inherit_env_vars=inherit, progs=list(progs), idiom=idiom, optargs=list(optargs)))
WS = "/tmp/blindH_ws"
UP = "../../../../../.."   # relative climb to / from anywhere under the workspace
