"""placeholder"""


def scene(g, state, seat, lang):
    return {"width": 10, "height": 10, "items": []}
