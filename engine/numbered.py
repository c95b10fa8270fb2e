"""A deal number played alone (the title menu's Deal number, issue 25): a module of its
own, imported only as such a deal is made, so that no other path interns its names."""
from engine.rng import small

_DEALS = 1000000  # engine.tricks's deal numbers 0..999,999


def deal(m, number, single=True):
    """m, a Match made with _deal=False, begins with deal `number` (from 0-0): its
    dealer is the number's remainder by the seats (RULES 4: the number says the cards).
    `single`: that hand alone is the match (it ends with the hand, the side ahead the
    winner, a tie none). A number out of range raises ValueError, m untouched."""
    if not small(number, 0, _DEALS - 1):
        raise ValueError("4: a deal number is 0..%d" % (_DEALS - 1))
    m.single = bool(single)
    m.dealer = number % m.n
    m._deal(number)
