-- PostgreSQL twin of ../0005_pending_attack_cancel_reason.sql.
ALTER TABLE pending_attacks ADD COLUMN cancel_reason TEXT
    CHECK (cancel_reason IS NULL OR cancel_reason IN ('undone', 'ended'));
