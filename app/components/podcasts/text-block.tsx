const HAS_TAG = /<[a-z][^>]*>/i

/**
 * Shows a stored text field that may be rich-text HTML (sanitized on write) or plain text with
 * line breaks (a pasted transcription): HTML goes through the rich-text styles, plain text keeps
 * its line breaks and is escaped by React.
 */
export function TextBlock({ text, className = '' }: { text: string; className?: string }) {
  if (HAS_TAG.test(text)) {
    return (
      <div
        className={`rich-text prose prose-gray max-w-none ${className}`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitized on write (DESIGN.md §5)
        dangerouslySetInnerHTML={{ __html: text }}
      />
    )
  }
  return <div className={`leading-relaxed whitespace-pre-line ${className}`}>{text}</div>
}
