/** Poll `probe` every 200 ms until it is true, at most `ms`; answers whether it became true (a bounded wait). */
export async function eventually(probe: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}
