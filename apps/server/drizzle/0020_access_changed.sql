-- Issue 36: every server keeps sessions, their role's keys and scopes in memory; whatever changes who may do what
-- NOTIFYs `access_changed` when its transaction commits, and every server forgets what it kept
-- (http/access-cache.ts). In the database, so no writer (a service, a script, an operator's SQL) can forget to say so.
-- Only real changes of what a session resolves to: a device's upload time, an account's remark never notify.
CREATE FUNCTION access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_access_changed AFTER UPDATE OF revoked_at, expires_at, device_id, user_id OR DELETE ON session
  FOR EACH ROW
  EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER account_access_changed AFTER UPDATE OF deleted_at, hold_id, role_id, user_name, true_name, default_password, password_hash ON account FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.hold_id IS DISTINCT FROM NEW.hold_id
    OR OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.user_name IS DISTINCT FROM NEW.user_name
    OR OLD.true_name IS DISTINCT FROM NEW.true_name OR OLD.default_password IS DISTINCT FROM NEW.default_password
    OR OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER account_access_deleted AFTER DELETE ON account FOR EACH ROW EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER role_access_changed AFTER UPDATE OR DELETE ON role FOR EACH ROW EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER hold_access_added AFTER INSERT OR DELETE ON hold FOR EACH ROW EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER hold_access_changed AFTER UPDATE ON hold FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.path IS DISTINCT FROM NEW.path
    OR OLD.parent_hold_id IS DISTINCT FROM NEW.parent_hold_id OR OLD.hold_name IS DISTINCT FROM NEW.hold_name
    OR OLD.hold_type IS DISTINCT FROM NEW.hold_type OR OLD.vip_end_time IS DISTINCT FROM NEW.vip_end_time)
  EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER device_access_changed AFTER UPDATE OF deleted_at, hold_id ON device FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.hold_id IS DISTINCT FROM NEW.hold_id)
  EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER device_access_deleted AFTER DELETE ON device FOR EACH ROW EXECUTE FUNCTION access_changed();
