import { localControlEvents, type ControlEvents } from './control-events';
import type { ControlDatabase } from './deps';
import type { ProjectUrls } from './project-urls';

// Projects' custom hostnames that are active (status 5_services_reconfigured), served by the project
// services' listener: read from the control database at start, every 30 s, and at once after a
// change made through this server or another instance on the same control database (control events).

const ACTIVE = '5_services_reconfigured';
const EVERY_MS = 30_000;
const TOPIC = 'custom-hosts';

export class CustomHosts {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly control: ControlDatabase,
    private readonly urls: ProjectUrls,
    private readonly events: ControlEvents = localControlEvents(),
  ) {
    const reload = () => void this.reload().catch(() => undefined);
    events.on(TOPIC, reload);
    events.onResync(reload);
  }

  /** Reads the active hostnames again, here and (after a change) on the other instances. */
  async refresh(): Promise<void> {
    await this.reload();
    void this.events.publish(TOPIC, '');
  }

  private async reload(): Promise<void> {
    const r = await this.control.query<{ hostname: string; project_ref: string }>('select hostname, project_ref from custom_hostnames where status = $1', [ACTIVE]);
    this.urls.setCustomHosts(r.rows.map((row) => [row.hostname, row.project_ref]));
  }

  start(): void {
    this.timer = setInterval(() => void this.reload().catch(() => undefined), EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
