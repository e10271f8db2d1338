"""placeholder"""
def scene(game, state, seat, lang):
    return {"width": 100, "height": 100, "items": []}
