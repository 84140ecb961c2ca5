import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  addDoctrineSchema,
  deleteDoctrineSchema,
  doctrineReadinessQuerySchema,
  doctrinesQuerySchema,
  updateDoctrineSchema,
  type AddDoctrineRequest,
  type DeleteDoctrineRequest,
  type Doctrine,
  type DoctrineReadinessResponse,
  type DoctrinesResponse,
  type UpdateDoctrineRequest,
} from '@eve-toolkit/shared-types';
import { z } from 'zod';
import { Authenticated } from '../../common/auth/auth.decorators';
import { ZodPipe } from '../../common/validation/zod.pipe';
import type { CorpMember } from '../corp-access';
import { CorpArea, Member } from '../corp-member.guard';
import { CorpDoctrinesService } from './corp-doctrines.service';
import { DoctrineReadiness } from './doctrine-readiness.service';

/**
 * A corporation's doctrines (issue 38): every member reads them and their own characters'
 * readiness; `manageDoctrines` (FCs, industrialists, admins) adds, edits and deletes them and sees
 * every pilot's readiness. Another corporation's doctrine is a 404.
 */
@Controller('auth/corp')
@Authenticated()
export class CorpDoctrinesController {
  constructor(
    private readonly doctrines: CorpDoctrinesService,
    private readonly readiness: DoctrineReadiness,
  ) {}

  @Get('doctrines')
  @CorpArea()
  list(
    @Member() member: CorpMember,
    @Query(new ZodPipe(doctrinesQuerySchema)) q: z.output<typeof doctrinesQuerySchema>,
  ): Promise<DoctrinesResponse> {
    return this.doctrines.list(member, q.hub);
  }

  @Get('doctrine_readiness')
  @CorpArea()
  pilots(
    @Member() member: CorpMember,
    @Query(new ZodPipe(doctrineReadinessQuerySchema)) q: z.output<typeof doctrineReadinessQuerySchema>,
  ): Promise<DoctrineReadinessResponse> {
    return this.readiness.of(member, q.id);
  }

  @Post('add_doctrine')
  @CorpArea('manageDoctrines')
  @HttpCode(200)
  add(
    @Member() member: CorpMember,
    @Body(new ZodPipe(addDoctrineSchema)) body: AddDoctrineRequest,
  ): Promise<{ doctrine: Doctrine }> {
    return this.doctrines.add(member, body);
  }

  @Post('update_doctrine')
  @CorpArea('manageDoctrines')
  @HttpCode(200)
  update(
    @Member() member: CorpMember,
    @Body(new ZodPipe(updateDoctrineSchema)) body: UpdateDoctrineRequest,
  ): Promise<{ doctrine: Doctrine }> {
    return this.doctrines.update(member, body);
  }

  @Post('delete_doctrine')
  @CorpArea('manageDoctrines')
  @HttpCode(200)
  remove(
    @Member() member: CorpMember,
    @Body(new ZodPipe(deleteDoctrineSchema)) body: DeleteDoctrineRequest,
  ): Promise<{ ok: true }> {
    return this.doctrines.remove(member, body.id);
  }
}
