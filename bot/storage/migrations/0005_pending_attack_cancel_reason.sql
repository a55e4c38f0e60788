-- Why a pending attack was cancelled, so a button pressed afterwards can say so:
-- 'undone' when /encounter undo reverted the attack, 'ended' when the fight ended.
ALTER TABLE pending_attacks ADD COLUMN cancel_reason TEXT
    CHECK (cancel_reason IS NULL OR cancel_reason IN ('undone', 'ended'));
