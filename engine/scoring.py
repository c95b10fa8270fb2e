"""Spades scoring as pure functions (RULES 1.7, 1.8, 2.6, 2.7).

score_side() scores one partnership (four players) or one player (two players):
members is a sequence of (name, bid, blind, tricks), bid 0 meaning Nil and blind
meaning Blind Nil (two players: Double Nil). It returns (points, bags, lines) where
bags is the partnership's new bag count and lines the breakdown for the UI, a list
of (label, points).

Every bag is worth one point (RULES 2.6 "+1 per bag"): overtricks of a made
contract, the tricks of a failed Nil bidder, every trick of a side whose contract
is 0. The points of one hand are the sum of the lines.
"""


def score_side(members, bags, bag_penalty=True):
    points = 0
    lines = []
    contract = 0
    won = 0  # tricks that count towards the contract: never a Nil bidder's
    bidders = 0
    new_bags = 0
    total = 0
    for name, bid, blind, tricks in members:
        total += tricks
        if bid == 0:
            # 1.7: each Nil is scored on its own; both Nil add up (+-200 / +-400 / 0)
            v = 200 if blind else 100
            label = "Blind Nil" if blind else "Nil"
            if name:
                label += " " + name
            if tricks:
                v = -v
                label += " failed"
                new_bags += tricks  # 1.7: a failed Nil's tricks are bags
            lines.append((label, v))
            points += v
        else:
            contract += bid
            won += tricks
            bidders += 1
    if bidders:
        if won >= contract:
            lines.append(("Contract %d made" % contract, 10 * contract))
            points += 10 * contract
            new_bags += won - contract
        else:
            # 1.7: set, no bags from the contract
            lines.append(("Contract %d set" % contract, -10 * contract))
            points -= 10 * contract
    if new_bags:
        lines.append(("Bags %d" % new_bags, new_bags))
        points += new_bags
    bags += new_bags
    if bag_penalty:
        while bags >= 10:  # 1.7: each 10 bags cost 100, extra bags carry over
            bags -= 10
            points -= 100
            lines.append(("Bag penalty", -100))
    if total == 13:
        lines.append(("Boston", 0))  # 1.7: announced, no score
    return points, bags, lines


def winner(scores, target):
    """1.8 / 2.7: the side that has won, or -1 (nobody yet, or a tie at or past target)."""
    a = scores[0]
    b = scores[1]
    if (a < target and b < target) or a == b:
        return -1
    return 0 if a > b else 1
