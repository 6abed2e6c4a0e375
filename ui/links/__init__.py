"""Games that travel: share links, embeds, play by link, replays, and two tabs on one game."""
