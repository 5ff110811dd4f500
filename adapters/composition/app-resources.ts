/** What a process has acquired, released in reverse order of acquisition; a failing release does not stop the others. */
export class AppResources {
  private readonly closers: Array<() => Promise<void>> = [];

  add(close: () => Promise<void>): void {
    this.closers.push(close);
  }

  async closeAll(): Promise<void> {
    for (const close of this.closers.splice(0).reverse()) {
      await close().catch(() => undefined);
    }
  }
}
