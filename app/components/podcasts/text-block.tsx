import { RichText } from '#app/components/rich-text'

const HAS_TAG = /<[a-z][^>]*>/i

/**
 * Shows a stored text field that may be rich-text HTML (sanitized on write) or plain text with
 * line breaks (a pasted transcription): HTML goes through the rich-text styles, plain text keeps
 * its line breaks and is escaped by React.
 */
export function TextBlock({ text, className = '' }: { text: string; className?: string }) {
  if (HAS_TAG.test(text))
    return <RichText html={text} className={`prose prose-gray max-w-none ${className}`} />
  return <div className={`leading-relaxed whitespace-pre-line ${className}`}>{text}</div>
}
