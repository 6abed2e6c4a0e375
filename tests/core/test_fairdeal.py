"""The fair deal prototype (engine/fairdeal.py): a whole bag dealt between two
players verifies from the revealed secrets; a false share, a false secret or a
false claim of a tile is caught and named; neither side alone reads a tile."""

from __future__ import annotations

import random

import pytest

from engine.fairdeal import GROUPS, P, Q, Deal, FairDealError, P256, Player, commit, verify

N = 100          # the bag of a full deal
SMALL = 16       # the bag of the tests of cheating (each modular power is milliseconds)


def probably_prime(n: int, rounds: int = 12) -> bool:
    rng = random.Random(n)
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for _ in range(rounds):
        x = pow(rng.randrange(2, n - 2), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def play_deal(a: Player, b: Player, n: int = N) -> tuple[Deal, list[int]]:
    """Seven tiles each, then alternate draws of one to three to the end of the bag;
    each tile read by its drawer from the opponent's share."""
    first = a.first_deck(n)
    deal = Deal(n, first, b.second_deck(first))
    rng, pos, drawer, read = random.Random(1), 0, 0, []
    plan = [(0, min(7, n // 2)), (1, min(7, n // 2))]
    while sum(k for _, k in plan) < n:
        plan.append((len(plan) % 2, min(rng.randint(1, 3), n - sum(k for _, k in plan))))
    for drawer, k in plan:
        me, other = (a, b) if drawer == 0 else (b, a)
        for _ in range(k):
            share = other.share(deal.deck, pos)
            tile = me.read(share, n)
            deal.draws.append((pos, drawer, share, tile))
            read.append(tile)
            pos += 1
    return deal, read


@pytest.fixture(scope="module")
def dealt():
    a, b = Player(bytes(range(32))), Player(bytes(range(1, 33)))
    deal, read = play_deal(a, b, SMALL)
    return a, b, deal, read


def test_the_group_is_rfc_3526s_safe_prime():
    assert P.bit_length() == 2048 and probably_prime(P) and probably_prime(Q)
    code = GROUPS["modp2048"].code
    assert len({code(k) for k in range(N)}) == N
    assert all(pow(code(k), Q, P) == 1 for k in range(5))      # squares: no quadratic character leaks


def test_a_whole_deal_verifies_and_every_tile_is_dealt_once():
    a, b = Player(bytes(range(32))), Player(bytes(range(1, 33)))
    deal, read = play_deal(a, b)
    order = verify(deal, a.secret, b.secret)
    assert sorted(read) == list(range(N)) and order == read
    assert order != list(range(N))               # shuffled


def test_the_order_depends_on_both_secrets():
    a, b = Player(bytes(32)), Player(bytes([1]) * 32)
    base = play_deal(a, b, 20)[1]
    assert play_deal(Player(bytes([2]) * 32), b, 20)[1] != base
    assert play_deal(a, Player(bytes([3]) * 32), 20)[1] != base


def test_neither_player_alone_reads_a_tile(dealt):
    a, b, deal, _ = dealt
    for me in (a, b):          # stripping only one's own layer leaves no tile's code
        with pytest.raises(FairDealError, match="opens to no tile"):
            me.read(deal.deck[0], SMALL)


def test_a_false_share_is_caught_and_named(dealt):
    a, b, deal, _ = dealt
    pos, drawer, share, tile = deal.draws[3]        # the first player drew it; the second shared
    swapped = Deal(deal.n, deal.first, deal.deck, list(deal.draws))
    other = b.share(deal.deck, 12)                  # the share of a tile further down the bag
    swapped.draws[3] = (pos, drawer, other, a.read(other, SMALL))
    with pytest.raises(FairDealError, match="draw 4: the second player gave a false share"):
        verify(swapped, a.secret, b.secret)


def test_a_false_secret_is_caught(dealt):
    a, b, deal, _ = dealt
    with pytest.raises(FairDealError, match="first player's revealed secret"):
        verify(deal, bytes(32), b.secret)
    with pytest.raises(FairDealError, match="second player's revealed secret"):
        verify(deal, a.secret, bytes(32))


def test_a_false_tile_or_a_position_drawn_twice_is_caught(dealt):
    a, b, deal, _ = dealt
    claims = Deal(deal.n, deal.first, deal.deck, list(deal.draws))
    pos, drawer, share, tile = claims.draws[10]
    claims.draws[10] = (pos, drawer, share, (tile + 1) % SMALL)
    with pytest.raises(FairDealError, match="draw 11: the second player claims a tile"):
        verify(claims, a.secret, b.secret)
    twice = Deal(deal.n, deal.first, deal.deck, deal.draws[:5] + [deal.draws[4]])
    with pytest.raises(FairDealError, match="drawn twice"):
        verify(twice, a.secret, b.secret)


def test_a_first_deck_with_a_repeated_entry_is_refused(dealt):
    a, b, deal, _ = dealt
    with pytest.raises(FairDealError, match="repeats an entry"):
        b.second_deck(deal.first[:2] + deal.first[:1])
    assert len(commit(deal.deck)) == 64 and commit(deal.deck) != commit(deal.first)
    with pytest.raises(FairDealError, match="32 bytes"):
        Player(b"short")


def test_the_curve_is_p256_and_its_power_is_a_multiple():
    c = P256()
    g = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
         0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)
    assert c.valid(g) and c.power(g, c.N - 1) == (g[0], c.p - g[1])        # N.G is the point at infinity
    assert c.power(c.power(g, 1234), 5678) == c.power(g, 1234 * 5678)
    assert all(c.valid(c.code(k)) for k in range(N)) and len({c.code(k) for k in range(N)}) == N


def test_a_whole_deal_on_the_curve_verifies_and_cheats_are_caught():
    a, b = Player(bytes(range(32)), "p256"), Player(bytes(range(1, 33)), "p256")
    deal, read = play_deal(a, b)
    deal.group = "p256"
    assert verify(deal, a.secret, b.secret) == read and sorted(read) == list(range(N))
    pos, drawer, share, tile = deal.draws[20]
    other = (a, b)[1 - drawer].share(deal.deck, 90)
    deal.draws[20] = (pos, drawer, other, (a, b)[drawer].read(other, N))
    with pytest.raises(FairDealError, match="draw 21: the (first|second) player gave a false share"):
        verify(deal, a.secret, b.secret)
    with pytest.raises(FairDealError, match="not of the group"):
        a.read((share[0], share[1] + 1), N)          # a point off the curve could leak the key


def test_the_warning_says_what_a_link_gives_away_in_the_engine_and_the_readme():
    from pathlib import Path

    from engine.club.notice import LINK_NOT_SECRET
    for text in (LINK_NOT_SECRET, Path(__file__).resolve().parents[2].joinpath("README.md").read_text()):
        flat = " ".join(text.split())
        assert "is not secret" in flat and "seed" in flat and "the opponent's tiles" in flat
