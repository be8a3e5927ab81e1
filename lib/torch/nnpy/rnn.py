def _build(env):
    return {}
