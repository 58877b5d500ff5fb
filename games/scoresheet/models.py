"""Score sheets for a whole evening: games, players and deals, stored in the database."""
