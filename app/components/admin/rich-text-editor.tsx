import TextAlign from '@tiptap/extension-text-align'
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Heading1,
  Heading2,
  Heading3,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  RemoveFormatting,
  Strikethrough,
  Underline,
} from 'lucide-react'
import { useState } from 'react'

/** Link schemes the editor accepts, as the server's sanitizer (DESIGN.md §5 "Rich text"). */
const LINK_PROTOCOLS = ['http', 'https', 'mailto']

type ToolbarButton = {
  label: string
  icon: LucideIcon
  isActive: (editor: Editor) => boolean
  run: (editor: Editor) => void
}

function askLink(editor: Editor) {
  const previous = (editor.getAttributes('link').href as string | undefined) ?? ''
  const url = window.prompt('Adresse du lien (https://…, mailto:…) — vide pour retirer le lien', previous)
  if (url === null) return
  const trimmed = url.trim()
  if (trimmed === '') {
    editor.chain().focus().extendMarkRange('link').unsetLink().run()
    return
  }
  const href = /^(https?:|mailto:)/i.test(trimmed) ? trimmed : `https://${trimmed}`
  editor.chain().focus().extendMarkRange('link').setLink({ href }).run()
}

/** The spec's toolbar (back-office spec §5): headings 1–3, marks, alignment, lists, quote, link, clear. */
const TOOLBAR: ToolbarButton[][] = [
  (
    [
      [1, Heading1],
      [2, Heading2],
      [3, Heading3],
    ] as const
  ).map(([level, icon]) => ({
    label: `Titre ${level}`,
    icon,
    isActive: (editor) => editor.isActive('heading', { level }),
    run: (editor) => editor.chain().focus().toggleHeading({ level }).run(),
  })),
  [
    { label: 'Gras', icon: Bold, mark: 'bold', run: (e: Editor) => e.chain().focus().toggleBold().run() },
    {
      label: 'Italique',
      icon: Italic,
      mark: 'italic',
      run: (e: Editor) => e.chain().focus().toggleItalic().run(),
    },
    {
      label: 'Souligné',
      icon: Underline,
      mark: 'underline',
      run: (e: Editor) => e.chain().focus().toggleUnderline().run(),
    },
    {
      label: 'Barré',
      icon: Strikethrough,
      mark: 'strike',
      run: (e: Editor) => e.chain().focus().toggleStrike().run(),
    },
  ].map(({ mark, ...button }) => ({ ...button, isActive: (editor: Editor) => editor.isActive(mark) })),
  (
    [
      ['left', 'Aligner à gauche', AlignLeft],
      ['center', 'Centrer', AlignCenter],
      ['right', 'Aligner à droite', AlignRight],
      ['justify', 'Justifier', AlignJustify],
    ] as const
  ).map(([alignment, label, icon]) => ({
    label,
    icon,
    isActive: (editor: Editor) => editor.isActive({ textAlign: alignment }),
    run: (editor: Editor) => editor.chain().focus().setTextAlign(alignment).run(),
  })),
  [
    {
      label: 'Liste numérotée',
      icon: ListOrdered,
      isActive: (editor) => editor.isActive('orderedList'),
      run: (editor) => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      label: 'Liste à puces',
      icon: List,
      isActive: (editor) => editor.isActive('bulletList'),
      run: (editor) => editor.chain().focus().toggleBulletList().run(),
    },
    {
      label: 'Citation',
      icon: Quote,
      isActive: (editor) => editor.isActive('blockquote'),
      run: (editor) => editor.chain().focus().toggleBlockquote().run(),
    },
    { label: 'Lien', icon: LinkIcon, isActive: (editor) => editor.isActive('link'), run: askLink },
    {
      label: 'Effacer la mise en forme',
      icon: RemoveFormatting,
      isActive: () => false,
      run: (editor) => editor.chain().focus().unsetAllMarks().clearNodes().unsetTextAlign().run(),
    },
  ],
]

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => TOOLBAR.flat().map((button) => button.isActive(current)),
  })
  let index = 0
  return (
    <div
      role="toolbar"
      aria-label="Mise en forme"
      className="flex flex-wrap gap-1 border-b border-gray-200 bg-gray-50 p-1"
    >
      {TOOLBAR.map((group) => (
        <div key={group[0]?.label} className="flex gap-0.5 border-r border-gray-200 pr-1 last:border-r-0">
          {group.map((button) => {
            const pressed = active[index++] ?? false
            const Icon = button.icon
            return (
              <button
                key={button.label}
                type="button"
                title={button.label}
                aria-label={button.label}
                aria-pressed={pressed}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => button.run(editor)}
                className={`rounded p-1.5 text-gray-700 hover:bg-gray-200 ${pressed ? 'bg-gray-300 text-gray-900' : ''}`}
              >
                <Icon aria-hidden="true" className="size-4" />
              </button>
            )
          })}
        </div>
      ))}
    </div>
  )
}

/**
 * Rich-text field of the back-office (TipTap 3, back-office spec §5 toolbar). The HTML is kept in
 * a hidden input named `name`, so the field posts with its form; the server sanitizes it on write
 * (app/lib/sanitize.server.ts), whatever the browser sends.
 *
 * @param name - form field name, e.g. 'description'.
 * @param label - visible label; also the editor's accessible name.
 * @param defaultValue - stored HTML to start from.
 * @param height - minimum editing height in px (spec §9: 150 by default, 120 and 100 for the
 *   category create and edit forms).
 * @param onChange - called with the new HTML after each edit.
 */
export function RichTextEditor({
  name,
  label,
  defaultValue = '',
  height = 150,
  onChange,
}: {
  name: string
  label: string
  defaultValue?: string | null
  height?: number
  onChange?: (html: string) => void
}) {
  const [html, setHtml] = useState(defaultValue ?? '')
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: LINK_PROTOCOLS, defaultProtocol: 'https' },
      }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
    ],
    content: defaultValue ?? '',
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'rich-text prose max-w-none px-3 py-2 focus:outline-none',
        style: `min-height: ${height}px`,
      },
    },
    onUpdate: ({ editor: current }) => {
      const next = current.isEmpty ? '' : current.getHTML()
      setHtml(next)
      onChange?.(next)
    },
  })

  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-gray-800">{label}</span>
      <div className="overflow-hidden rounded-md border border-gray-300 bg-white focus-within:ring-2 focus-within:ring-sky-500">
        {editor ? <Toolbar editor={editor} /> : <div className="h-9 border-b border-gray-200 bg-gray-50" />}
        {editor ? (
          <EditorContent editor={editor} />
        ) : (
          <div className="px-3 py-2 text-gray-500" style={{ minHeight: height }}>
            Chargement de l'éditeur…
          </div>
        )}
      </div>
      <input type="hidden" name={name} value={html} />
    </div>
  )
}
