"""Games as text that travels: GCG records (gcg reads, gcg_write writes), share
links (link), CGP positions (snapshot) and opening another program's record or a
position as a game (importing)."""
