"""A fair deal between two devices with no server: neither can read the bag ahead
(two-party "mental poker", Shamir-Rivest-Adleman, with Pohlig-Hellman's
commutative cipher). A prototype, measured in bench/fairdeal.py; no page uses it.

Why: a game link carries the seed, so whoever decodes an invitation knows the
bag's order and the opponent's rack (engine/club/notice.py). Here the bag's order
is fixed by both players together and readable by neither alone:

1. tile k of the bag (0..n-1; every tile distinct, so equal letters cannot be
   told apart by their codes) is a code m_k, a square modulo the safe prime P
   (RFC 3526's 2048-bit group), so encryption leaks no quadratic character;
2. each player derives from a 32-byte secret an exponent e (coprime to P - 1)
   and a shuffle; E(x) = x^e mod P, and E_a(E_b(x)) = E_b(E_a(x));
3. the first player sends the codes encrypted and shuffled (``first_deck``), the
   second encrypts and shuffles those again (``second_deck``): the deck. Its i-th
   entry is the i-th tile drawn, under both keys;
4. a draw: the other player strips their layer from that one entry (``share``),
   the drawer strips theirs and reads the tile (``read``). A player only ever
   strips entries the opponent draws, so neither can read ahead;
5. at the end both secrets are revealed and ``verify`` replays everything: both
   decks, every share, every tile read. A wrong share or a false secret is named.
"""

from __future__ import annotations

import hashlib
import secrets as _secrets
from dataclasses import dataclass, field

# RFC 3526 group 14: a 2048-bit safe prime (P = 2Q + 1, Q prime)
P = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
Q = (P - 1) // 2
SIZE = (P.bit_length() + 7) // 8        # bytes of one encrypted tile (256)


class FairDealError(ValueError):
    """A deal that does not verify: which step failed and whose it was."""


def code(k: int) -> int:
    """Tile k's code: a square modulo P, from a hash, distinct for every k."""
    h = int.from_bytes(hashlib.shake_256(b"tile:%d" % k).digest(SIZE + 16), "big") % P
    return pow(h, 2, P)


def _stream(secret: bytes, label: bytes, n: int) -> int:
    return int.from_bytes(hashlib.shake_256(label + secret).digest(n), "big")


class Player:
    """One side of the deal, all of it derived from a 32-byte secret."""

    def __init__(self, secret: bytes | None = None):
        self.secret = secret if secret is not None else _secrets.token_bytes(32)
        if len(self.secret) != 32:
            raise FairDealError("a deal's secret is 32 bytes")
        e = _stream(self.secret, b"key", SIZE + 16) % (P - 1) | 1
        while e in (1, Q):                      # odd and not Q: coprime to P - 1 = 2Q
            e = (e + 2) % (P - 1)
        self.e, self.d = e, pow(e, -1, P - 1)

    def shuffle(self, items: list) -> list:
        """A shuffle only this secret determines (Fisher-Yates on a hash stream)."""
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = _stream(self.secret, b"shuffle:%d" % i, 16) % (i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def first_deck(self, n: int) -> list[int]:
        return self.shuffle([pow(code(k), self.e, P) for k in range(n)])

    def second_deck(self, first: list[int]) -> list[int]:
        if len(set(first)) != len(first) or not all(0 < x < P for x in first):
            raise FairDealError("the first deck repeats an entry or holds a number out of range")
        return self.shuffle([pow(x, self.e, P) for x in first])

    def share(self, deck: list[int], i: int) -> int:
        """Entry i with this player's layer stripped: only the opponent can read it."""
        return pow(deck[i], self.d, P)

    def read(self, share: int, n: int) -> int:
        """The tile (0..n-1) under the opponent's ``share``; FairDealError when none is."""
        return tile_of(pow(share, self.d, P), n)


_CODES: dict[int, dict[int, int]] = {}


def tile_of(value: int, n: int) -> int:
    table = _CODES.get(n)
    if table is None:
        table = _CODES[n] = {code(k): k for k in range(n)}
    if value not in table:
        raise FairDealError("a share opens to no tile of the bag")
    return table[value]


@dataclass
class Deal:
    """What the two devices exchanged: the decks, then per draw (position, who
    drew: 0 the first player, 1 the second, the opponent's share, the tile read)."""

    n: int
    first: list[int]
    deck: list[int]
    draws: list[tuple[int, int, int, int]] = field(default_factory=list)


def verify(deal: Deal, secret_first: bytes, secret_second: bytes) -> list[int]:
    """The bag's order, replayed from the revealed secrets, once every step checks:
    both decks, each share (the opponent's layer, of the drawn position) and each
    tile read; FairDealError names the first step that does not."""
    who = ("the first player", "the second player")
    a, b = Player(secret_first), Player(secret_second)
    if a.first_deck(deal.n) != deal.first:
        raise FairDealError(f"{who[0]}'s revealed secret does not make the deck they sent")
    if b.second_deck(deal.first) != deal.deck:
        raise FairDealError(f"{who[1]}'s revealed secret does not make the deck they sent")
    order = [tile_of(pow(pow(x, b.d, P), a.d, P), deal.n) for x in deal.deck]
    taken = set()
    for number, (i, drawer, share, tile) in enumerate(deal.draws, 1):
        giver = (a, b)[1 - drawer]
        if i in taken or not 0 <= i < deal.n:
            raise FairDealError(f"draw {number}: position {i} is drawn twice or is not in the bag")
        taken.add(i)
        if share != giver.share(deal.deck, i):
            raise FairDealError(f"draw {number}: {who[1 - drawer]} gave a false share")
        if tile != order[i]:
            raise FairDealError(f"draw {number}: {who[drawer]} claims a tile the deal did not give")
    return order


def commit(deck: list[int]) -> str:
    """A deck's fingerprint, for a link to carry in its place at the end."""
    return hashlib.sha256(b"".join(x.to_bytes(SIZE, "big") for x in deck)).hexdigest()
