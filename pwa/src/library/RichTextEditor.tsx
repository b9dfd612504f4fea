import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import { useState } from 'react';
import './rich-text.css';

/** The spec's editor heights (part 3 §9). */
export const EDITOR_HEIGHTS = [120, 220, 320] as const;

type TTool = { label: string; run: (e: Editor) => void; active?: (e: Editor) => boolean };

const TOOLS: TTool[] = [
  {
    label: 'Heading',
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    label: 'Subheading',
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    active: (e) => e.isActive('heading', { level: 3 }),
  },
  { label: 'Bold', run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  {
    label: 'Italic',
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    label: 'Underline',
    run: (e) => e.chain().focus().toggleUnderline().run(),
    active: (e) => e.isActive('underline'),
  },
  {
    label: 'Bullet list',
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
  },
  {
    label: 'Numbered list',
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
  },
  {
    label: 'Link',
    run: (e) => {
      const url = window.prompt(
        'Link address (https://…)',
        (e.getAttributes('link').href as string | undefined) ?? 'https://',
      );
      if (url === null) return;
      if (!url.trim() || url.trim() === 'https://') e.chain().focus().unsetLink().run();
      else if (/^(https?:|mailto:|tel:)/i.test(url.trim()))
        e.chain().focus().setLink({ href: url.trim() }).run();
    },
    active: (e) => e.isActive('link'),
  },
  {
    label: 'Table',
    run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  { label: 'Add row', run: (e) => e.chain().focus().addRowAfter().run() },
  { label: 'Add column', run: (e) => e.chain().focus().addColumnAfter().run() },
];

/**
 * Runs a toolbar command and puts the focus and the caret into the editor before returning. Tiptap's `focus()`
 * moves the focus on the next animation frame, so keys typed between the command and that frame (a fast typist,
 * a phone keyboard's buffered text) went to the toolbar button and were lost.
 */
function runTool(editor: Editor, tool: TTool) {
  tool.run(editor);
  if (!editor.isDestroyed && !editor.view.hasFocus()) editor.view.focus();
}

/**
 * The library's rich-text editor (Tiptap): headings, lists, bold/italic/underline, links and tables; pasted
 * Word content keeps its structure (the server's allow-list drops its styles). A chunk of its own, loaded with
 * the forms that use it. `html` is read once; `onChange` gets the editor's HTML after each change.
 */
export function RichTextEditor({
  id,
  label,
  html,
  onChange,
  height = 320,
}: {
  id: string;
  label: string;
  html: string;
  onChange: (html: string) => void;
  height?: (typeof EDITOR_HEIGHTS)[number];
}) {
  const [size, setSize] = useState<number>(height);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'] },
      }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: html,
    editorProps: {
      attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'rte-body' },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: true,
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => TOOLS.map((t) => (e && t.active ? t.active(e) : false)),
  });
  return (
    <div className="rte">
      <div className="rte-toolbar" role="toolbar" aria-label={`${label} formatting`}>
        {TOOLS.map((t, i) => (
          <button
            key={t.label}
            type="button"
            className="btn rte-tool"
            aria-pressed={t.active ? !!active?.[i] : undefined}
            // A press keeps the focus (and the selection) in the editor, so no blur and no refocus on a later
            // frame; a button reached by the keyboard hands the focus back in the same task.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => editor && runTool(editor, t)}
          >
            {t.label}
          </button>
        ))}
        <label className="rte-size">
          Height
          <select value={size} onChange={(e) => setSize(Number(e.target.value))}>
            {EDITOR_HEIGHTS.map((h) => (
              <option key={h} value={h}>
                {h} px
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="rte-frame" style={{ height: size }}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
