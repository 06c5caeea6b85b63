/** Placeholder replaced below once the demo data builders land. */
export async function seedDemoDataOnce(_: unknown): Promise<void> {}
