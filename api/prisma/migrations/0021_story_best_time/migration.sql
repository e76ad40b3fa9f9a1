-- AlterEnum
ALTER TYPE "story_section_type" ADD VALUE 'best_time';
