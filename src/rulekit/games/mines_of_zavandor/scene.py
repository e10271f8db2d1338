"""Placeholder, replaced below."""
def scene(game, state, seat, lang):
    return {"width": 10, "height": 10, "items": []}
