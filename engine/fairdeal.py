"""A fair deal between two devices with no server: neither can read the bag ahead
(two-party "mental poker", Shamir-Rivest-Adleman, with Pohlig-Hellman's
commutative cipher). A prototype, measured in bench/fairdeal.py; no page uses it.

Why: a game link carries the seed, so whoever decodes an invitation knows the
bag's order and the opponent's rack (engine/club/notice.py). Here the bag's order
is fixed by both players together and readable by neither alone:

1. tile k of the bag (0..n-1; every tile distinct, so equal letters cannot be
   told apart by their codes) is a code m_k, an element of a group where discrete
   logarithms are hard: the squares modulo RFC 3526's 2048-bit safe prime
   (``ModP``), or the points of the P-256 curve (``P256``, 8 times smaller);
2. each player derives from a 32-byte secret a key e and a shuffle; E(x) = x^e
   (on the curve, e.X), so E_a(E_b(x)) = E_b(E_a(x));
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


class FairDealError(ValueError):
    """A deal that does not verify: which step failed and whose it was."""


def _stream(secret: bytes, label: bytes, n: int) -> int:
    return int.from_bytes(hashlib.shake_256(label + secret).digest(n), "big")


class ModP:
    """The squares modulo P (a group of prime order Q): E(x) = x^e mod P."""

    name, size = "modp2048", (P.bit_length() + 7) // 8        # 256 bytes an element

    def code(self, k: int) -> int:
        """Tile k's code: a square modulo P, so encryption leaks no quadratic character."""
        return pow(int.from_bytes(hashlib.shake_256(b"tile:%d" % k).digest(self.size + 16), "big") % P, 2, P)

    def keys(self, secret: bytes) -> tuple[int, int]:
        e = _stream(secret, b"key", self.size + 16) % (P - 1) | 1
        while e in (1, Q):                      # odd and not Q: coprime to P - 1 = 2Q
            e = (e + 2) % (P - 1)
        return e, pow(e, -1, P - 1)

    def power(self, x: int, k: int) -> int:
        return pow(x, k, P)

    def valid(self, x) -> bool:
        # a range check is enough: P - 1 = 2Q, so a non-square only tells its own
        # sign, and an exponent's parity is no secret (every key is odd)
        return isinstance(x, int) and 1 < x < P - 1


class P256:
    """The NIST P-256 curve (prime order N, cofactor 1): E(X) = e.X. An element is a
    point (x, y); sent compressed it is 33 bytes, an eighth of ModP's."""

    name, size = "p256", 33
    p = 2 ** 256 - 2 ** 224 + 2 ** 192 + 2 ** 96 - 1
    b = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
    N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551

    def code(self, k: int) -> tuple[int, int]:
        """Tile k's code: the first point whose x is a hash of (k, counter)."""
        p = self.p
        for counter in range(1000):
            x = int.from_bytes(hashlib.shake_256(b"tile:%d:%d" % (k, counter)).digest(40), "big") % p
            y2 = (x * x * x - 3 * x + self.b) % p
            y = pow(y2, (p + 1) // 4, p)
            if y * y % p == y2:
                return x, min(y, p - y)
        raise FairDealError("no point for a tile")       # never: half of all x have one

    def keys(self, secret: bytes) -> tuple[int, int]:
        e = _stream(secret, b"key", 48) % (self.N - 1) + 1
        return e, pow(e, -1, self.N)

    def valid(self, pt) -> bool:
        if not (isinstance(pt, tuple) and len(pt) == 2 and all(isinstance(c, int) for c in pt)):
            return False
        x, y = pt
        return 0 <= x < self.p and 0 <= y < self.p and (y * y - x * x * x + 3 * x - self.b) % self.p == 0

    def power(self, pt: tuple[int, int], k: int) -> tuple[int, int]:
        """k.pt: double and add in Jacobian coordinates (a = -3), one inversion at the end."""
        p = self.p
        x2, y2 = pt
        X, Y, Z = 0, 1, 0
        for bit in bin(k % self.N)[2:]:
            if Z:                                           # double
                delta, gamma = Z * Z % p, Y * Y % p
                beta, alpha = X * gamma % p, 3 * (X - delta) * (X + delta) % p
                X3 = (alpha * alpha - 8 * beta) % p
                Z = ((Y + Z) ** 2 - gamma - delta) % p
                Y = (alpha * (4 * beta - X3) - 8 * gamma * gamma) % p
                X = X3
            if bit == "1":                                  # add pt (affine)
                if not Z:
                    X, Y, Z = x2, y2, 1
                    continue
                zz = Z * Z % p
                h, r = (x2 * zz - X) % p, (y2 * Z * zz - Y) % p
                if h == 0:
                    raise FairDealError("a point met its own multiple")    # only with k >= N
                hh = h * h % p
                hhh, v = h * hh % p, X * hh % p
                X3 = (r * r - hhh - 2 * v) % p
                Y = (r * (v - X3) - Y * hhh) % p
                Z, X = Z * h % p, X3
        if not Z:
            raise FairDealError("a key of zero")
        zi = pow(Z, -1, p)
        return X * zi * zi % p, Y * zi * zi * zi % p


GROUPS = {g.name: g for g in (ModP(), P256())}


class Player:
    """One side of the deal, all of it derived from a 32-byte secret."""

    def __init__(self, secret: bytes | None = None, group: str = "modp2048"):
        self.secret = secret if secret is not None else _secrets.token_bytes(32)
        if len(self.secret) != 32:
            raise FairDealError("a deal's secret is 32 bytes")
        self.group = GROUPS[group]
        self.e, self.d = self.group.keys(self.secret)

    def shuffle(self, items: list) -> list:
        """A shuffle only this secret determines (Fisher-Yates on a hash stream)."""
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = _stream(self.secret, b"shuffle:%d" % i, 16) % (i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def first_deck(self, n: int) -> list:
        return self.shuffle([self.group.power(self.group.code(k), self.e) for k in range(n)])

    def second_deck(self, first: list) -> list:
        if len(set(first)) != len(first) or not all(self.group.valid(x) for x in first):
            raise FairDealError("the first deck repeats an entry or holds one that is not of the group")
        return self.shuffle([self.group.power(x, self.e) for x in first])

    def share(self, deck: list, i: int):
        """Entry i with this player's layer stripped: only the opponent can read it."""
        return self.group.power(deck[i], self.d)

    def read(self, share, n: int) -> int:
        """The tile (0..n-1) under the opponent's ``share``; FairDealError when none is."""
        if not self.group.valid(share):
            raise FairDealError("a share that is not of the group")
        return tile_of(self.group, self.group.power(share, self.d), n)


_CODES: dict[tuple[str, int], dict] = {}


def tile_of(group, value, n: int) -> int:
    table = _CODES.get((group.name, n))
    if table is None:
        table = _CODES[(group.name, n)] = {group.code(k): k for k in range(n)}
    if value not in table:
        raise FairDealError("a share opens to no tile of the bag")
    return table[value]


@dataclass
class Deal:
    """What the two devices exchanged: the decks, then per draw (position, who
    drew: 0 the first player, 1 the second, the opponent's share, the tile read)."""

    n: int
    first: list
    deck: list
    draws: list[tuple] = field(default_factory=list)
    group: str = "modp2048"


def verify(deal: Deal, secret_first: bytes, secret_second: bytes) -> list[int]:
    """The bag's order, replayed from the revealed secrets, once every step checks:
    both decks, each share (the opponent's layer, of the drawn position) and each
    tile read; FairDealError names the first step that does not."""
    who = ("the first player", "the second player")
    a, b = Player(secret_first, deal.group), Player(secret_second, deal.group)
    g = a.group
    if a.first_deck(deal.n) != deal.first:
        raise FairDealError(f"{who[0]}'s revealed secret does not make the deck they sent")
    if b.second_deck(deal.first) != deal.deck:
        raise FairDealError(f"{who[1]}'s revealed secret does not make the deck they sent")
    order = [tile_of(g, g.power(g.power(x, b.d), a.d), deal.n) for x in deal.deck]
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


def commit(deck: list) -> str:
    """A deck's fingerprint, for a link to carry in its place at the end."""
    return hashlib.sha256(repr(deck).encode()).hexdigest()
