import { Button, Text } from '@react-email/components'
import type { ReactNode } from 'react'
import { type AuctionArtwork, AuctionArtworkBlock } from './auction-artwork'
import { EmailLayout, emailButtonStyle, emailTextStyle } from './email-layout'

/**
 * The e-mail sent to a visitor with one thing to do (auction links and reminders, next-auction
 * subscription, password reset): in the shared {@link EmailLayout}, the greeting 'Bonjour,', the
 * message, the artwork when the e-mail is about an auction's, one button, then the small print.
 *
 * @param preview - the inbox's preview line.
 * @param message - the paragraph after the greeting.
 * @param artwork - the auction's artwork (absent: no artwork block; null: the auction has none).
 * @param buttonIntro - a paragraph just above the button (absent: none).
 * @param button - the call to action: its absolute `href` and its French `label`.
 * @param children - the notes under the button.
 */
export function VisitorEmail({
  siteTitle,
  preview,
  message,
  artwork,
  buttonIntro,
  button,
  children,
}: {
  siteTitle: string
  preview: string
  message: string
  artwork?: AuctionArtwork
  buttonIntro?: string
  button: { href: string; label: string }
  children?: ReactNode
}) {
  return (
    <EmailLayout siteTitle={siteTitle} preview={preview}>
      <Text style={emailTextStyle}>Bonjour,</Text>
      <Text style={emailTextStyle}>{message}</Text>
      {artwork === undefined ? null : <AuctionArtworkBlock artwork={artwork} />}
      {buttonIntro ? <Text style={emailTextStyle}>{buttonIntro}</Text> : null}
      <Button href={button.href} style={emailButtonStyle}>
        {button.label}
      </Button>
      {children}
    </EmailLayout>
  )
}
