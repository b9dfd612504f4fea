/**
 * Where links point when no firm's own domain decides: PUBLIC_URL, else this machine's listening port. Takes
 * the two settings it reads, not the whole config, so the web helpers below the config need not import it.
 */
export function configuredOrigin(config: { publicUrl: string | null; port: number }): string {
  return config.publicUrl ? config.publicUrl.replace(/\/+$/, '') : `http://localhost:${config.port}`;
}
