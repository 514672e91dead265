import type { ComponentProps } from 'react'
import { cn } from './cn'

/** A white bordered panel (the back-office's cards and forms). `className` adds layout classes. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6', className)}
      {...props}
    />
  )
}
