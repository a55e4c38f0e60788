-- Saved character sheets, one name per guild (ignoring case).
-- sheet holds the JSON of a rules.combatant.Combatant; its name is kept in the
-- name column too, so the unique index and autocomplete need no JSON parsing.
-- The sheet enters a fight with its state reset (rules.character.fresh).
CREATE TABLE characters (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    owner_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    sheet      TEXT    NOT NULL CHECK (json_valid(sheet)),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE UNIQUE INDEX characters_unique_name ON characters (guild_id, name COLLATE NOCASE);
CREATE INDEX characters_by_owner ON characters (guild_id, owner_id);
