-- Encounters, their combatants and the append-only event log behind undo.
--
-- state      JSON: the rules.encounter.Encounter fields other than combatants
--            (name, GM, options, the turn sequence, the next combatant number).
-- sheet      JSON: a rules.combatant.Combatant (sheet and current state).
-- turn_state JSON: a rules.turn.TurnState (per-turn combat state).
-- before/after in the log hold only what one change touched:
--   {"encounter": <row> | null, "combatants": {"<id>": <row> | null}}
CREATE TABLE encounters (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
    state       TEXT    NOT NULL CHECK (json_valid(state)),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    ended_at    TEXT
);

-- One running fight per channel or thread; ended ones stay readable.
CREATE UNIQUE INDEX encounters_one_active_per_channel
    ON encounters (channel_id) WHERE status = 'active';
CREATE INDEX encounters_by_channel ON encounters (channel_id, id);

CREATE TABLE encounter_combatants (
    encounter_id INTEGER NOT NULL REFERENCES encounters (id),
    combatant_id TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    owner_id     INTEGER,
    side         TEXT    NOT NULL,
    sheet        TEXT    NOT NULL CHECK (json_valid(sheet)),
    turn_state   TEXT    NOT NULL CHECK (json_valid(turn_state)),
    PRIMARY KEY (encounter_id, combatant_id)
);

CREATE UNIQUE INDEX encounter_combatants_unique_name
    ON encounter_combatants (encounter_id, name COLLATE NOCASE);

CREATE TABLE encounter_events (
    id           INTEGER PRIMARY KEY,
    encounter_id INTEGER NOT NULL REFERENCES encounters (id),
    kind         TEXT    NOT NULL,
    actor_id     INTEGER NOT NULL,
    created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    before       TEXT    NOT NULL CHECK (json_valid(before)),
    after        TEXT    NOT NULL CHECK (json_valid(after)),
    detail       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(detail)),
    undoes       INTEGER REFERENCES encounter_events (id),
    undone_by    INTEGER REFERENCES encounter_events (id)
);

CREATE INDEX encounter_events_by_encounter ON encounter_events (encounter_id, id);

-- The log is append-only: no deletes, and the only update ever allowed is
-- marking an event as undone, once.
CREATE TRIGGER encounter_events_no_delete
BEFORE DELETE ON encounter_events
BEGIN
    SELECT RAISE(ABORT, 'encounter_events is append-only');
END;

CREATE TRIGGER encounter_events_only_mark_undone
BEFORE UPDATE ON encounter_events
WHEN OLD.undone_by IS NOT NULL
    OR NEW.undone_by IS NULL
    OR NEW.id IS NOT OLD.id
    OR NEW.encounter_id IS NOT OLD.encounter_id
    OR NEW.kind IS NOT OLD.kind
    OR NEW.actor_id IS NOT OLD.actor_id
    OR NEW.created_at IS NOT OLD.created_at
    OR NEW.before IS NOT OLD.before
    OR NEW.after IS NOT OLD.after
    OR NEW.detail IS NOT OLD.detail
    OR NEW.undoes IS NOT OLD.undoes
BEGIN
    SELECT RAISE(ABORT, 'encounter_events rows may only be marked undone');
END;
