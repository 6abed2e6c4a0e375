"""The club page (club.html): players ranked by PPT and the tournament director, with an engine worker of its own."""
