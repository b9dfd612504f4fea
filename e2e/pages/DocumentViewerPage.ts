import type { Page } from 'playwright-core';

/** The viewer of one index item (/petition-index-details/:id): toolbar, uploader and the pages. */
export class DocumentViewerPage {
  constructor(readonly page: Page) {}
  async open(itemId: string): Promise<void> {
    await this.page.goto(`/petition-index-details/${encodeURIComponent(itemId)}`);
    await this.toolbar().waitFor();
  }
  toolbar() {
    return this.page.getByRole('toolbar', { name: 'Document tools' });
  }
  title() {
    return this.page.getByRole('heading', { level: 1 });
  }
  /** The item's id from the address. */
  itemId(): string {
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/').pop()!);
  }
  chooseFiles() {
    return this.page.getByLabel('Choose files', { exact: true });
  }
  uploadButton() {
    return this.page.getByRole('button', { name: 'Upload', exact: true });
  }
  /** Chooses the files and uploads them; waits until the viewer shows `expectPages` pages. */
  async upload(paths: string[], expectPages: number): Promise<void> {
    await this.chooseFiles().setInputFiles(paths);
    await this.uploadButton().click();
    await this.pageImage(expectPages).waitFor();
  }
  pageNumbers() {
    return this.page.getByRole('navigation', { name: 'Pages' }).getByRole('button');
  }
  /** The figure of page n. */
  pageFigure(n: number) {
    return this.page.getByRole('figure', { name: `Page ${n}`, exact: true });
  }
  pageImage(n: number) {
    return this.pageFigure(n).getByRole('img');
  }
  /** The image of page n once decoded: its natural width (0 while it has not loaded). */
  naturalWidth(n: number): Promise<number> {
    return this.pageImage(n).evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
  }
  /** The colour of the middle pixel of page n's image, read through a canvas. */
  colour(n: number): Promise<[number, number, number]> {
    return this.pageImage(n).evaluate((img: HTMLImageElement) => {
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const d = g.getImageData(Math.floor(c.width / 2), Math.floor(c.height / 2), 1, 1).data;
      return [d[0]!, d[1]!, d[2]!] as [number, number, number];
    });
  }
  notSynced() {
    return this.page.getByText('Not synced yet', { exact: true });
  }
  next() {
    return this.toolbar().getByRole('link', { name: 'Next', exact: true });
  }
  previous() {
    return this.toolbar().getByRole('link', { name: 'Previous', exact: true });
  }
  /** Moves to the next item of the index and waits for its title. */
  async goNext(title: string): Promise<void> {
    await this.next().click();
    await this.title().getByText(title, { exact: true }).waitFor();
  }
  /** Back to the case's index through the Annexures sidebar. */
  async backToIndex(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Annexures' })
      .getByRole('link', { name: 'Index', exact: true })
      .click();
    await this.page.getByRole('table', { name: 'Petition index' }).waitFor();
  }
  editButton() {
    return this.toolbar().getByRole('button', { name: 'Edit', exact: true });
  }
}
